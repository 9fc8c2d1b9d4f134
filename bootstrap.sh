#!/usr/bin/env bash
# Installs what building and testing lwcx needs, if it is missing: a C
# compiler, CMake, make, and OpenSSL's libcrypto headers (AIMer's SHAKE, the
# KAT DRBG), and valgrind for the constant-time test. Debian/Ubuntu: apt-get (as root, or through sudo). Elsewhere it
# names what is missing and stops. Run by the README's two commands; safe to
# run again (it installs nothing when everything is there).
set -euo pipefail
missing=()
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v cc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
# libcrypto's headers: ask the compiler, not a package manager
if ! printf '#include <openssl/evp.h>\nint main(void){return 0;}\n' |
    ${CC:-cc} -x c - -o /dev/null -lcrypto >/dev/null 2>&1; then
  missing+=(libssl-dev)
fi
# optional: valgrind runs the constant-time test (ct_valgrind is skipped without it)
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "bootstrap: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  required=()
  for p in "${missing[@]}"; do [ "$p" = valgrind ] || required+=("$p"); done
  [ ${#required[@]} -eq 0 ] || {
    echo "bootstrap: please install: ${required[*]} (a C11 compiler, CMake >= 3.18, make, OpenSSL's libcrypto)" >&2
    exit 1
  }
  echo "bootstrap: valgrind not found: the constant-time test (ct_valgrind) will be skipped" >&2
fi
