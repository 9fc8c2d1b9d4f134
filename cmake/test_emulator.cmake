# LWCX_TEST_EMULATOR: a command every test runs under, e.g. "qemu-x86_64;-cpu;Nehalem",
# so that the portable and AVX2 paths run for real on a CPU that has more. Only the
# test commands change: reconfiguring a build with another value rebuilds nothing.
set(LWCX_TEST_EMULATOR "" CACHE STRING
    "Command (a list) that runs every test, e.g. qemu-x86_64;-cpu;Haswell")
if(LWCX_TEST_EMULATOR)
  # Tests naming an executable target get the prefix from CMake (TEST_LAUNCHER
  # since 3.29; before, CROSSCOMPILING_EMULATOR applied to native builds too).
  if(CMAKE_VERSION VERSION_LESS 3.29)
    set(lwcx_launcher_property CROSSCOMPILING_EMULATOR)
  else()
    set(lwcx_launcher_property TEST_LAUNCHER)
  endif()
  get_directory_property(lwcx_test_targets DIRECTORY tests BUILDSYSTEM_TARGETS)
  foreach(t lwcx ${lwcx_test_targets})
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "EXECUTABLE")
      set_property(TARGET ${t} PROPERTY ${lwcx_launcher_property} ${LWCX_TEST_EMULATOR})
    endif()
  endforeach()
  # The CLI scripts run the tool themselves: CTest reads this file before any
  # test and exports the emulator to all of them (tests/cli_common.sh uses it).
  list(JOIN LWCX_TEST_EMULATOR " " lwcx_emulator_line)
  file(WRITE ${PROJECT_BINARY_DIR}/lwcx_test_emulator.cmake
       "set(ENV{LWCX_TEST_EMULATOR} [==[${lwcx_emulator_line}]==])\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
               ${PROJECT_BINARY_DIR}/lwcx_test_emulator.cmake)
endif()
