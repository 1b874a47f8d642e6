# find_package(HotLayout): the installed hotlayout CLI and a function that
# builds a target with hotlayout's recipe.
#
#   HOTLAYOUT_EXECUTABLE, the imported target hotlayout::hotlayout
#       <prefix>/bin/hotlayout
#   hotlayout_add_flags(<target> [INSTRUMENT | USE <profdata>]
#                       [LOOP_PROFILE <file>] [LTO thin|full] [NO_PLUGIN])
#       adds the recipe's compile and link options to <target> (PRIVATE), as
#       `hotlayout flags` prints them for the project's compiler (its LLVM
#       major picks the plugin): no option, the plugin and the layout flags;
#       INSTRUMENT, the PGO training build; USE, the final build with that
#       profile; LOOP_PROFILE, hotalign reads the counts `hotlayout loops`
#       wrote of the previous build (with USE or alone; not with INSTRUMENT
#       or NO_PLUGIN); LTO, link-time optimisation in the same way at every
#       stage (hotalign then runs in ld.lld); NO_PLUGIN, the same recipe without the plugin (a
#       baseline to compare against). A relative profile path is relative to
#       the current source folder; the target's objects are rebuilt when a
#       profile changes.
#
#   find_package(HotLayout REQUIRED)
#   add_executable(app main.c)
#   hotlayout_add_flags(app USE ${CMAKE_SOURCE_DIR}/app.profdata)
#
# The flags come from the CLI at configure time: the recipe has one
# definition, `hotlayout flags`.
cmake_minimum_required(VERSION 3.18)

get_filename_component(_hotlayout_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.."
  ABSOLUTE)
set(HOTLAYOUT_EXECUTABLE "${_hotlayout_prefix}/bin/hotlayout")
unset(_hotlayout_prefix)
if(NOT EXISTS "${HOTLAYOUT_EXECUTABLE}")
  set(HotLayout_FOUND FALSE)
  set(HotLayout_NOT_FOUND_MESSAGE
    "no hotlayout CLI at ${HOTLAYOUT_EXECUTABLE} beside ${CMAKE_CURRENT_LIST_FILE}; reinstall hotlayout")
  return()
endif()
if(NOT TARGET hotlayout::hotlayout)
  add_executable(hotlayout::hotlayout IMPORTED)
  set_target_properties(hotlayout::hotlayout PROPERTIES
    IMPORTED_LOCATION "${HOTLAYOUT_EXECUTABLE}")
endif()

function(hotlayout_add_flags target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "INSTRUMENT;NO_PLUGIN"
    "USE;LOOP_PROFILE;LTO" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hotlayout_add_flags(${target}): unknown arguments "
      "'${arg_UNPARSED_ARGUMENTS}' (INSTRUMENT, USE <profdata>, "
      "LOOP_PROFILE <file>, LTO thin|full, NO_PLUGIN)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "hotlayout_add_flags: '${target}' is not a target")
  endif()
  set(args)
  # The plugin must match the compiler's LLVM major: the CLI asks it.
  if(CMAKE_C_COMPILER)
    list(APPEND args --cc "${CMAKE_C_COMPILER}")
  elseif(CMAKE_CXX_COMPILER)
    list(APPEND args --cc "${CMAKE_CXX_COMPILER}")
  endif()
  if(arg_INSTRUMENT)
    list(APPEND args --instrument)
  endif()
  set(inputs)
  if(DEFINED arg_USE)
    get_filename_component(profile "${arg_USE}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND args --use "${profile}")
    list(APPEND inputs "${profile}")
  endif()
  if(DEFINED arg_LOOP_PROFILE)
    get_filename_component(loops "${arg_LOOP_PROFILE}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND args --loop-profile "${loops}")
    list(APPEND inputs "${loops}")
  endif()
  if(DEFINED arg_LTO)
    list(APPEND args --lto "${arg_LTO}")
  endif()
  if(arg_NO_PLUGIN)
    list(APPEND args --no-plugin)
  endif()
  foreach(kind cflags ldflags)
    execute_process(COMMAND "${HOTLAYOUT_EXECUTABLE}" flags ${args} --${kind}
      OUTPUT_VARIABLE words ERROR_VARIABLE err RESULT_VARIABLE rc
      OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "hotlayout_add_flags(${target}): ${err}")
    endif()
    # One line, shell-quoted: the same words a shell would see.
    separate_arguments(${kind} UNIX_COMMAND "${words}")
  endforeach()
  # CMake de-duplicates a target's compile options: a clang -cc1 option and
  # its value (-Xclang=-mllvm -Xclang=-opt) stay one group (SHELL:), so that
  # a second such pair, the target's own or another function's, survives.
  set(grouped)
  set(pending)
  foreach(word IN LISTS cflags)
    if(pending)
      list(APPEND grouped "SHELL:\"${pending}\" \"${word}\"")
      set(pending)
    elseif(word STREQUAL "-Xclang=-mllvm" OR word STREQUAL "-Xclang=-load")
      set(pending "${word}")
    else()
      list(APPEND grouped "${word}")
    endif()
  endforeach()
  set(cflags ${grouped})
  target_compile_options(${target} PRIVATE ${cflags})
  target_link_options(${target} PRIVATE ${ldflags})
  if(inputs)
    get_target_property(sources ${target} SOURCES)
    if(sources)
      set_property(SOURCE ${sources} TARGET_DIRECTORY ${target}
        APPEND PROPERTY OBJECT_DEPENDS ${inputs})
    endif()
  endif()
endfunction()
