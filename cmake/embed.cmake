# Turns a data file into a C source defining `const unsigned char NAME[]` (NUL
# terminated) and `const unsigned long NAME_len`. Run as a script:
#   cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake
# Included, it defines lwcx_embed(IN OUT NAME COMMENT), the build rule that
# runs it (the CUDA fat binaries, the OpenCL source).
if(NOT CMAKE_SCRIPT_MODE_FILE)
  function(lwcx_embed in out name comment)
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -DIN=${in} -DOUT=${out} -DNAME=${name} -P ${PROJECT_SOURCE_DIR}/cmake/embed.cmake
      DEPENDS ${in} ${PROJECT_SOURCE_DIR}/cmake/embed.cmake
      COMMENT "${comment}")
  endfunction()
  return()
endif()
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" nhex)
math(EXPR nbytes "${nhex} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" body "${body}")
file(WRITE "${OUT}" "/* generated from ${IN} by cmake/embed.cmake; do not edit */\n"
  "const unsigned char ${NAME}[] = {\n${body}0x00};\n"
  "const unsigned long ${NAME}_len = ${nbytes};\n")
