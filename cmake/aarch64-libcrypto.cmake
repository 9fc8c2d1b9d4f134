# OpenSSL's libcrypto for arm64 from Debian's multiarch package libssl-dev:arm64
# (.ci/run installs it). It lives outside the cross sysroot: its headers are
# split between /usr/include/openssl and /usr/include/aarch64-linux-gnu/openssl
# (configuration.h), so they are gathered by links into one directory of the
# build tree rather than putting /usr/include (the host's libc headers) on the
# include path. The test binaries get the library's directory as build RPATH.
set(LWCX_ARM64_LIBCRYPTO /usr/lib/aarch64-linux-gnu/libcrypto.so)
if(EXISTS ${LWCX_ARM64_LIBCRYPTO} AND EXISTS /usr/include/aarch64-linux-gnu/openssl/configuration.h)
  set(_lwcx_ossl ${CMAKE_BINARY_DIR}/aarch64-openssl-include)
  file(MAKE_DIRECTORY ${_lwcx_ossl}/openssl)
  file(GLOB _lwcx_hdrs /usr/include/openssl/*.h /usr/include/aarch64-linux-gnu/openssl/*.h)
  foreach(h ${_lwcx_hdrs})
    get_filename_component(n ${h} NAME)
    if(NOT EXISTS ${_lwcx_ossl}/openssl/${n})
      file(CREATE_LINK ${h} ${_lwcx_ossl}/openssl/${n} SYMBOLIC)
    endif()
  endforeach()
  set(OPENSSL_INCLUDE_DIR ${_lwcx_ossl} CACHE PATH "arm64 OpenSSL headers")
  set(OPENSSL_CRYPTO_LIBRARY ${LWCX_ARM64_LIBCRYPTO} CACHE FILEPATH "arm64 libcrypto")
endif()
