# SPDX-License-Identifier: Apache-2.0 OR MIT
# m4crypt_detect_target(<abi-var> <dsp-var>): what the current C compiler and CMAKE_C_FLAGS target
# (the C++ compiler and CMAKE_CXX_FLAGS in a project without C),
# from compiling m4crypt-target.c (next to this file) into a static library and reading its string:
#   <abi-var>  hard | softfp | soft (an M-profile Arm core: its float ABI), host (anything not Arm),
#              arm-not-m-profile, or unknown (no C or C++ compiler enabled yet, or the compile failed)
#   <dsp-var>  dsp | nodsp (the DSP extension the armv7m backends need)
# Used by m4crypt's CMakeLists.txt (its variant name) and by the installed package's version file
# (which variant fits the consumer). Cached per compiler and flags: a change of either re-runs it.
# Flags given to single targets (target_compile_options) are not seen: a firmware's machine flags
# belong in CMAKE_C_FLAGS (a toolchain file), or the consumer names the variant (M4CRYPT_VARIANT).
function(m4crypt_detect_target abi_var dsp_var)
  get_property(_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("C" IN_LIST _langs)
    set(_lang C)
    set(_ext c)
  elseif("CXX" IN_LIST _langs)            # a C++ firmware: the same macros from its compiler
    set(_lang CXX)
    set(_ext cpp)
  else()
    set(${abi_var} unknown PARENT_SCOPE)
    set(${dsp_var} nodsp PARENT_SCOPE)
    return()
  endif()
  set(_key "${CMAKE_${_lang}_COMPILER}|${CMAKE_${_lang}_COMPILER_TARGET}|${CMAKE_${_lang}_FLAGS}")
  if(NOT DEFINED M4CRYPT_DETECTED_TARGET_KEY OR NOT M4CRYPT_DETECTED_TARGET_KEY STREQUAL _key)
    set(_dir "${CMAKE_BINARY_DIR}/CMakeFiles/m4crypt-target")
    configure_file("${CMAKE_CURRENT_FUNCTION_LIST_DIR}/m4crypt-target.c"
                   "${_dir}/m4crypt-target.${_ext}" COPYONLY)
    set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
    try_compile(_ok "${_dir}/build" "${_dir}/m4crypt-target.${_ext}"
                COPY_FILE "${_dir}/m4crypt-target.a" OUTPUT_VARIABLE _log)
    set(_abi unknown)
    set(_dsp nodsp)
    if(_ok)
      file(STRINGS "${_dir}/m4crypt-target.a" _info REGEX "M4CRYPT_TARGET<[^>]*>")
      if(_info MATCHES "M4CRYPT_TARGET<([^,>]*),([^>]*)>")
        set(_abi "${CMAKE_MATCH_1}")
        set(_dsp "${CMAKE_MATCH_2}")
      endif()
    endif()
    set(M4CRYPT_DETECTED_TARGET "${_abi};${_dsp}" CACHE INTERNAL "m4crypt: float ABI and DSP of the C target")
    set(M4CRYPT_DETECTED_TARGET_KEY "${_key}" CACHE INTERNAL "m4crypt: compiler and flags detected")
  endif()
  list(GET M4CRYPT_DETECTED_TARGET 0 _abi)
  list(GET M4CRYPT_DETECTED_TARGET 1 _dsp)
  set(${abi_var} "${_abi}" PARENT_SCOPE)
  set(${dsp_var} "${_dsp}" PARENT_SCOPE)
endfunction()
