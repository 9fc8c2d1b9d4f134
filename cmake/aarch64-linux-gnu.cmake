# Cross-compile for aarch64 Linux; tests run under qemu-user (ctest uses the emulator).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# The loader and libc both from the cross toolchain: with Debian's libc6:arm64
# also installed (it comes with libssl-dev:arm64), the loader of one glibc
# build would load the other's libc.so.6, and pthread_create hangs forever.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu;-E;LD_LIBRARY_PATH=/usr/aarch64-linux-gnu/lib)

# libcrypto for arm64 (Debian multiarch).
include(${CMAKE_CURRENT_LIST_DIR}/aarch64-libcrypto.cmake)
