# cmake --install <build> [--prefix P] (default prefix /usr/local), in LLVM's
# layout, every path relative to P so the installed tree can move:
#
#   bin/hotlayout                              the CLI (the LLVM 22 tree)
#   lib/hotlayout/llvm-N/libHotLayout.so       the plugin, one folder per LLVM
#                                              major N (each tree installs its own)
#   lib/hotlayout/libhotlayout_rt.a            flushelim's check/profile runtime
#   share/hotlayout/ab-plot.py                 `hotlayout ab --plot`'s script
#   share/doc/hotlayout/                       the README pages
#   lib/cmake/hotlayout/                       find_package(HotLayout)
#   lib/pkgconfig/hotlayout.pc                 pkg-config
#
# The CLI finds the plugins and the script relative to its own bin/ (the
# build tree has the same relative paths), so the installed tree needs
# nothing from the build tree. A plugin-only tree (LLVM 19) installs only its
# plugin: `cmake --install build && cmake --install build-19` into one prefix
# gives both. `cpack -G DEB` in the CLI's tree packages the same files, with
# the trees named in HOTLAYOUT_PLUGIN_BUILDS (scripts/package.sh).

install(TARGETS HotLayout LIBRARY DESTINATION ${HOTLAYOUT_PLUGIN_DIR})
if(NOT HOTLAYOUT_BUILD_TOOL)
  return()
endif()

install(TARGETS hotlayout RUNTIME DESTINATION bin)
install(TARGETS hotlayout_rt ARCHIVE DESTINATION ${HOTLAYOUT_PLUGIN_ROOT})
install(FILES ${PROJECT_SOURCE_DIR}/tools/hotlayout/scripts/ab-plot.py
  DESTINATION ${HOTLAYOUT_DATA_DIR})
# The pages keep their relative places, so the links between them still work.
foreach(page README.md docs/recipe.md docs/hot-loops.md tools/hotlayout/README.md
    llvm-plugin/README.md lld-plugin/README.md passes/HotAlign/README.md
    passes/FlushElim/README.md)
  get_filename_component(dir ${page} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${page}
    DESTINATION ${HOTLAYOUT_DOC_DIR}/${dir})
endforeach()


# What Debian's policy asks of every package: the copyright file, the
# changelog gzip'd (`gzip -9n`: no name or time, so the same text gives the
# same bytes) and a man page. The page is generated from the CLI's own
# --help (scripts/gen-manpage.py), so it lists exactly the options it has.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(HOTLAYOUT_MANPAGE ${CMAKE_BINARY_DIR}/share/man/man1/hotlayout.1.gz)
set(HOTLAYOUT_CHANGELOG ${CMAKE_BINARY_DIR}/share/doc/hotlayout/changelog.gz)
add_custom_command(OUTPUT ${HOTLAYOUT_MANPAGE}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/share/man/man1
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/gen-manpage.py
          $<TARGET_FILE:hotlayout> ${PROJECT_VERSION} ${HOTLAYOUT_MANPAGE}
  DEPENDS hotlayout ${PROJECT_SOURCE_DIR}/scripts/gen-manpage.py
  COMMENT "Writing hotlayout.1 from hotlayout --help"
  VERBATIM)
add_custom_command(OUTPUT ${HOTLAYOUT_CHANGELOG}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/share/doc/hotlayout
  COMMAND ${Python3_EXECUTABLE} -c
          "import gzip,sys; open(sys.argv[2],'wb').write(gzip.compress(open(sys.argv[1],'rb').read(),9,mtime=0))"
          ${PROJECT_SOURCE_DIR}/packaging/changelog ${HOTLAYOUT_CHANGELOG}
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog
  COMMENT "Compressing the changelog"
  VERBATIM)
add_custom_target(hotlayout-debian-docs ALL
  DEPENDS ${HOTLAYOUT_MANPAGE} ${HOTLAYOUT_CHANGELOG})
install(FILES ${HOTLAYOUT_MANPAGE} DESTINATION share/man/man1)
install(FILES ${HOTLAYOUT_CHANGELOG} ${PROJECT_SOURCE_DIR}/packaging/copyright
  DESTINATION ${HOTLAYOUT_DOC_DIR})

# find_package(HotLayout): hotlayout_add_flags() asks the installed CLI for
# the recipe (`hotlayout flags`), so the flags are defined once, in the CLI.
include(CMakePackageConfigHelpers)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/HotLayoutConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/HotLayoutConfig.cmake
  ${CMAKE_BINARY_DIR}/HotLayoutConfigVersion.cmake
  DESTINATION ${HOTLAYOUT_CMAKE_DIR})

# hotlayout.pc: its Cflags and Libs are what the built CLI prints (`flags
# --cflags`, `--ldflags`: the recipe without PGO), with the plugin's path
# written relative to the .pc file's own folder.
set(HOTLAYOUT_PC ${CMAKE_BINARY_DIR}/hotlayout.pc)
add_custom_command(OUTPUT ${HOTLAYOUT_PC}
  COMMAND ${CMAKE_COMMAND} -DHOTLAYOUT=$<TARGET_FILE:hotlayout>
          -DVERSION=${PROJECT_VERSION} -DLLVM_MAJOR=${LLVM_VERSION_MAJOR}
          -DPREFIX_FROM_PC=../..
          -DPLUGIN_DIR=${HOTLAYOUT_PLUGIN_DIR} -DOUT=${HOTLAYOUT_PC}
          -P ${PROJECT_SOURCE_DIR}/cmake/WritePkgConfig.cmake
  DEPENDS hotlayout HotLayout ${PROJECT_SOURCE_DIR}/cmake/WritePkgConfig.cmake
  COMMENT "Writing hotlayout.pc from hotlayout flags"
  VERBATIM)
add_custom_target(hotlayout-pkgconfig ALL DEPENDS ${HOTLAYOUT_PC})
install(FILES ${HOTLAYOUT_PC} DESTINATION ${HOTLAYOUT_PKGCONFIG_DIR})

# The Debian package: `cpack -G DEB` in this tree (scripts/package.sh adds the
# plugin-only trees). Installed under /usr; stripped.
set(CPACK_PACKAGE_NAME hotlayout)
set(CPACK_PACKAGE_VENDOR "hotlayout")
set(CPACK_PACKAGE_CONTACT "hotlayout developers <hotlayout@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "profile-guided code layout for clang: LLVM pass plugin and post-link tool")
set(CPACK_PACKAGE_DESCRIPTION
  "hotalign (hot loops that never straddle an instruction-cache line), flushelim (redundant cache-flush elimination) and the hotlayout CLI (check, diff, profile, plan, apply, ab, flags).")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# What the CLI links (ldd): the C and C++ runtimes, zlib and zstd (LLVM's
# static libraries are inside it). The plugins need the clang that loads
# them; apply, profile and ab need BOLT; `flags` names lld.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6, libstdc++6, libgcc-s1, zlib1g, libzstd1")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "clang-${HOTLAYOUT_TOOL_LLVM_MAJOR}, lld-${HOTLAYOUT_TOOL_LLVM_MAJOR}, bolt-${HOTLAYOUT_TOOL_LLVM_MAJOR}, llvm-${HOTLAYOUT_TOOL_LLVM_MAJOR}")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-matplotlib")
set(CPACK_INSTALL_CMAKE_PROJECTS "${CMAKE_BINARY_DIR};hotlayout;ALL;/")
foreach(dir IN LISTS HOTLAYOUT_PLUGIN_BUILDS)
  get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${PROJECT_SOURCE_DIR}")
  list(APPEND CPACK_INSTALL_CMAKE_PROJECTS "${dir};hotlayout;ALL;/")
endforeach()
include(CPack)
