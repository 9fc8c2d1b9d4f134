# LWCX_CUDA=AUTO|ON|OFF: whether the block ciphers get a `cuda` implementation.
# nvcc compiles src/bc/cuda_kernels.cu once per build directory into a fat
# binary for sm_80 (A100) and sm_90 (H100) plus PTX (compute_90) for newer
# GPUs, which is embedded as a byte array (cmake/embed.cmake). Sets
# LWCX_CUDA_ENABLED, LWCX_CUDA_FATBIN (the file, for scripts/cuda-sass-report.sh)
# and LWCX_CUDA_FATBIN_C (the generated source).
set(LWCX_CUDA_ENABLED OFF)
if(NOT LWCX_CUDA MATCHES "^(AUTO|ON|OFF)$")
  message(FATAL_ERROR "LWCX_CUDA must be AUTO, ON or OFF (not '${LWCX_CUDA}')")
endif()
if(NOT LWCX_CUDA STREQUAL "OFF")
  find_program(LWCX_NVCC_EXE nvcc HINTS /usr/local/cuda/bin ENV CUDA_PATH PATH_SUFFIXES bin)
  if(NOT LWCX_ARCH STREQUAL "x86_64" AND NOT LWCX_ARCH STREQUAL "aarch64")
    set(why "the target is neither x86_64 nor aarch64")
  elseif(CMAKE_CROSSCOMPILING)
    set(why "cross-compiling")
  elseif(NOT LWCX_NVCC_EXE)
    set(why "nvcc not found")
  elseif(NOT CMAKE_DL_LIBS AND NOT CMAKE_SYSTEM_NAME STREQUAL "Linux")
    set(why "no dlopen on this system")
  endif()
  if(why)
    if(LWCX_CUDA STREQUAL "ON")
      message(FATAL_ERROR "LWCX_CUDA=ON but ${why}")
    endif()
    message(STATUS "lwcx: the cuda implementation is left out: ${why}")
  else()
    set(LWCX_CUDA_ENABLED ON)
  endif()
endif()

if(LWCX_CUDA_ENABLED)
  set(LWCX_CUDA_FATBIN ${PROJECT_BINARY_DIR}/cuda/lwcx_kernels.fatbin)
  set(LWCX_CUDA_FATBIN_C ${PROJECT_BINARY_DIR}/cuda/lwcx_cuda_fatbin.c)
  set(cu ${PROJECT_SOURCE_DIR}/src/bc/cuda_kernels.cu)
  set(deps ${cu})
  foreach(h bs_word_cuda.h bs_core_common.h cuda_bodies.h present_bs_core.h gift_bs_core.h pipo_bs_core.h)
    list(APPEND deps ${PROJECT_SOURCE_DIR}/src/bc/${h})
  endforeach()
  add_custom_command(OUTPUT ${LWCX_CUDA_FATBIN}
    COMMAND ${LWCX_NVCC_EXE} -fatbin -O3 -Werror all-warnings
            -gencode arch=compute_80,code=sm_80
            -gencode arch=compute_90,code=[sm_90,compute_90]
            -o ${LWCX_CUDA_FATBIN} ${cu}
    DEPENDS ${deps}
    COMMENT "nvcc: the CUDA kernels for sm_80, sm_90 and compute_90 (about a minute)"
    VERBATIM)
  file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/cuda)
  add_custom_command(OUTPUT ${LWCX_CUDA_FATBIN_C}
    COMMAND ${CMAKE_COMMAND} -DIN=${LWCX_CUDA_FATBIN} -DOUT=${LWCX_CUDA_FATBIN_C} -DNAME=lwcx_cuda_fatbin
            -P ${PROJECT_SOURCE_DIR}/cmake/embed.cmake
    DEPENDS ${LWCX_CUDA_FATBIN} ${PROJECT_SOURCE_DIR}/cmake/embed.cmake
    COMMENT "Embedding the CUDA fat binary")
endif()
