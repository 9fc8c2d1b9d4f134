# LWCX_OPENCL=AUTO|ON|OFF: whether the block ciphers get an `opencl`
# implementation. Needs the OpenCL headers (CL/cl.h, e.g. Debian's
# opencl-c-headers) for the host side's types, and a compiler that can
# preprocess (gcc, clang): src/bc/device/opencl_kernels.cl and the headers it
# includes become one OpenCL C source at build time (-undef -nostdinc,
# src/bc/device/opencl first on the include path for its <stdint.h>), embedded as a
# byte array (cmake/embed.cmake) and built by the OpenCL driver at run time.
# Nothing of OpenCL is linked. Sets LWCX_OPENCL_ENABLED and LWCX_OPENCL_C
# (the generated source).
set(LWCX_OPENCL_ENABLED OFF)
if(NOT LWCX_OPENCL MATCHES "^(AUTO|ON|OFF)$")
  message(FATAL_ERROR "LWCX_OPENCL must be AUTO, ON or OFF (not '${LWCX_OPENCL}')")
endif()
if(NOT LWCX_OPENCL STREQUAL "OFF")
  find_path(LWCX_OPENCL_INCLUDE_DIR CL/cl.h)
  unset(why)
  if(NOT LWCX_OPENCL_INCLUDE_DIR)
    set(why "no OpenCL headers (CL/cl.h; Debian: opencl-c-headers)")
  elseif(CMAKE_CROSSCOMPILING)
    set(why "cross-compiling")
  elseif(NOT CMAKE_SYSTEM_NAME STREQUAL "Linux")
    set(why "not Linux (the ICD loader is opened with dlopen)")
  elseif(NOT CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    set(why "the kernel source is preprocessed with gcc or clang")
  endif()
  if(why)
    if(LWCX_OPENCL STREQUAL "ON")
      message(FATAL_ERROR "LWCX_OPENCL=ON but ${why}")
    endif()
    message(STATUS "lwcx: the opencl implementation is left out: ${why}")
  else()
    set(LWCX_OPENCL_ENABLED ON)
  endif()
endif()

if(LWCX_OPENCL_ENABLED)
  set(bc ${PROJECT_SOURCE_DIR}/src/bc)
  set(deps ${bc}/device/opencl_kernels.cl ${bc}/device/opencl/stdint.h)
  foreach(h ciphers.h device/bs_word_opencl.h bitslice/bs_core_common.h bitslice/bs_word_defaults.tmpl.h bitslice/bs_ctr_gen.tmpl.h device/kernel_bodies.tmpl.h present/bs_core.tmpl.h gift/bs_core.tmpl.h pipo/bs_core.tmpl.h)
    list(APPEND deps ${bc}/${h})
  endforeach()
  set(dir ${PROJECT_BINARY_DIR}/opencl)
  file(MAKE_DIRECTORY ${dir})
  add_custom_command(OUTPUT ${dir}/lwcx_kernels.cl
    COMMAND ${CMAKE_C_COMPILER} -E -P -undef -nostdinc -x c -DLWCX_OPENCL_C -I${bc}/device/opencl -I${bc}/device
            ${bc}/device/opencl_kernels.cl -o ${dir}/lwcx_kernels.cl
    DEPENDS ${deps}
    COMMENT "The OpenCL kernel source (src/bc/device/opencl_kernels.cl, preprocessed)"
    VERBATIM)
  lwcx_embed(${dir}/lwcx_kernels.cl ${dir}/lwcx_opencl_source.c lwcx_opencl_source
             "Embedding the OpenCL kernel source")
  set(LWCX_OPENCL_C ${dir}/lwcx_opencl_source.c)
endif()
if(LWCX_OPENCL_ENABLED AND NOT LWCX_OPENCL_INCLUDE_DIR STREQUAL "/usr/include")
  set_source_files_properties(${PROJECT_SOURCE_DIR}/src/bc/device/opencl_impl.c PROPERTIES
    INCLUDE_DIRECTORIES ${LWCX_OPENCL_INCLUDE_DIR})
endif()
