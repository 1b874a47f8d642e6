# cmake -DHOTLAYOUT=<built CLI> -DVERSION=V -DLLVM_MAJOR=N -DPREFIX_FROM_PC=../..
#       -DPLUGIN_DIR=lib/hotlayout/llvm-N -DOUT=hotlayout.pc -P WritePkgConfig.cmake
#
# Writes hotlayout.pc with the flags the CLI prints (`hotlayout flags --cflags`
# and `--ldflags`: the recipe without PGO), so the recipe has one definition,
# in the CLI. The plugin's path is written as ${plugin}, relative to the .pc
# file's folder (${pcfiledir}), so the file is right wherever the tree is
# installed or packaged.
function(hotlayout_flags out)
  execute_process(COMMAND ${HOTLAYOUT} flags ${ARGN}
    OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "'${HOTLAYOUT} flags ${ARGN}' failed (${rc}): ${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

hotlayout_flags(plugin --print-plugin)
hotlayout_flags(cflags --cflags)
hotlayout_flags(ldflags --ldflags)
string(REPLACE "${plugin}" "\${plugin}" cflags "${cflags}")
if(NOT cflags MATCHES "\\\${plugin}")
  message(FATAL_ERROR "'${HOTLAYOUT} flags --cflags' does not name ${plugin}: ${cflags}")
endif()

file(WRITE ${OUT}.tmp "\
prefix=\${pcfiledir}/${PREFIX_FROM_PC}
bindir=\${prefix}/bin
plugindir=\${prefix}/${PLUGIN_DIR}
plugin=\${plugindir}/libHotLayout.so
hotlayout=\${bindir}/hotlayout

Name: hotlayout
Description: profile-guided code layout for clang ${LLVM_MAJOR}: the build recipe without PGO (for PGO: hotlayout flags --instrument, --use P.profdata)
Version: ${VERSION}
Cflags: ${cflags}
Libs: ${ldflags}
")
file(RENAME ${OUT}.tmp ${OUT})
