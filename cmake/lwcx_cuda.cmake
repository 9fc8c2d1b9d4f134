# LWCX_CUDA=AUTO|ON|OFF: whether the block ciphers get a `cuda` implementation.
# nvcc compiles src/bc/device/cuda_kernels.cu three times (fast: the key-search
# kernels with every round unrolled, LWCX_CU_FAST; bulk: ECB and CTR, rounds
# unrolled by two, LWCX_CU_BULK; keys: many keys as they are), once per
# build directory, each into a fat binary for sm_80 and sm_90
# (the two data-center generations, docs/design/devices.md) plus PTX (compute_90) for newer GPUs, compressed; all are
# embedded as byte arrays (cmake/embed.cmake). Sets LWCX_CUDA_ENABLED,
# LWCX_CUDA_FATBIN_DIR (where the fat binaries are, for
# scripts/cuda-sass-report.sh) and LWCX_CUDA_FATBIN_C (generated sources).
set(LWCX_CUDA_ENABLED OFF)
if(NOT LWCX_CUDA MATCHES "^(AUTO|ON|OFF)$")
  message(FATAL_ERROR "LWCX_CUDA must be AUTO, ON or OFF (not '${LWCX_CUDA}')")
endif()
# LWCX_CUDA_FATBIN_FROM: the cuda/ directory of another build of the same
# sources, whose fat binaries are embedded instead of running nvcc (CI
# compiles the kernels once for all its builds).
set(LWCX_CUDA_FATBIN_FROM "" CACHE PATH "Embed the fat binaries of this directory instead of running nvcc (CI)")
# LWCX_CUDA_ARCHS: the SM versions to build, the PTX the last one's (a GPU
# session builds only its GPU's).
set(LWCX_CUDA_ARCHS "80;90" CACHE STRING "SM versions the CUDA kernels are built for (PTX for the last)")
if(NOT LWCX_CUDA STREQUAL "OFF")
  find_program(LWCX_NVCC_EXE nvcc HINTS /usr/local/cuda/bin ENV CUDA_PATH PATH_SUFFIXES bin)
  if(NOT LWCX_ARCH STREQUAL "x86_64" AND NOT LWCX_ARCH STREQUAL "aarch64")
    set(why "the target is neither x86_64 nor aarch64")
  elseif(CMAKE_CROSSCOMPILING)
    set(why "cross-compiling")
  elseif(NOT LWCX_NVCC_EXE AND NOT LWCX_CUDA_FATBIN_FROM)
    set(why "nvcc not found")
  elseif(NOT CMAKE_SYSTEM_NAME STREQUAL "Linux")
    set(why "not Linux (the driver is opened with dlopen)")
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
  file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/cuda)
  if(LWCX_CUDA_FATBIN_FROM)
    set(LWCX_CUDA_FATBIN_DIR ${LWCX_CUDA_FATBIN_FROM})
  else()
    set(LWCX_CUDA_FATBIN_DIR ${PROJECT_BINARY_DIR}/cuda)
  endif()
  set(cu ${PROJECT_SOURCE_DIR}/src/bc/device/cuda_kernels.cu)
  set(deps ${cu})
  foreach(h ciphers.h device/bs_word_kernel32.h bitslice/bs_word_ops32.h bitslice/bs_core_common.h bitslice/bs_word_defaults.tmpl.h bitslice/bs_ctr_gen.tmpl.h device/kernel_bodies.tmpl.h present/bs_core.tmpl.h gift/bs_core.tmpl.h pipo/bs_core.tmpl.h)
    list(APPEND deps ${PROJECT_SOURCE_DIR}/src/bc/${h})
  endforeach()
  # Many keys: ptxas's least register-hungry optimizations, where it has
  # them (a beta option): by default GIFT-128's encryption spilled one state
  # word across its rolled rounds loop on sm_80, with them none.
  set(keys_def "")
  if(NOT LWCX_CUDA_FATBIN_FROM)
    get_filename_component(nvcc_dir ${LWCX_NVCC_EXE} DIRECTORY)
    execute_process(COMMAND ${nvcc_dir}/ptxas --help OUTPUT_VARIABLE ptxas_help ERROR_QUIET)
    if(ptxas_help MATCHES "--register-usage-level")
      set(keys_def -Xptxas=--register-usage-level=0)
    endif()
  endif()
  set(LWCX_CUDA_FATBIN_C "")
  foreach(set fast bulk keys)
    set(fatbin ${LWCX_CUDA_FATBIN_DIR}/lwcx_kernels_${set}.fatbin)
    set(c_file ${PROJECT_BINARY_DIR}/cuda/lwcx_cuda_fatbin_${set}.c)
    if(NOT LWCX_CUDA_FATBIN_FROM)
      if(set STREQUAL "fast")
        set(def -DLWCX_CU_FAST)
      elseif(set STREQUAL "bulk")
        set(def -DLWCX_CU_BULK)
      else()
        set(def ${keys_def})
      endif()
      set(gencodes "")
      list(GET LWCX_CUDA_ARCHS -1 last)
      foreach(sm ${LWCX_CUDA_ARCHS})
        if(sm STREQUAL last)
          list(APPEND gencodes -gencode arch=compute_${sm},code=[sm_${sm},compute_${sm}])
        else()
          list(APPEND gencodes -gencode arch=compute_${sm},code=sm_${sm})
        endif()
      endforeach()
      add_custom_command(OUTPUT ${fatbin}
        COMMAND ${LWCX_NVCC_EXE} -fatbin -O3 -Werror all-warnings ${def}
                ${gencodes}
                -Xfatbin=-compress-all
                -o ${fatbin} ${cu}
        DEPENDS ${deps}
        COMMENT "nvcc: the CUDA kernels (${set}) for SM ${LWCX_CUDA_ARCHS}"
        VERBATIM)
    endif()
    lwcx_embed(${fatbin} ${c_file} lwcx_cuda_fatbin_${set} "Embedding the CUDA fat binary (${set})")
    list(APPEND LWCX_CUDA_FATBIN_C ${c_file})
  endforeach()
endif()
