# Turns a data file into a C source defining `const unsigned char NAME[]` (NUL
# terminated) and `const unsigned long NAME_len`. Usage:
#   cmake -DIN=file -DOUT=file.c -DNAME=symbol -P embed.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" nhex)
math(EXPR nbytes "${nhex} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" body "${body}")
file(WRITE "${OUT}" "/* generated from ${IN} by cmake/embed.cmake; do not edit */\n"
  "const unsigned char ${NAME}[] = {\n${body}0x00};\n"
  "const unsigned long ${NAME}_len = ${nbytes};\n")
