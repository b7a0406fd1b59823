# Finds re2c and Bison and provides pto_re2c() to generate a lexer into the build directory.
find_package(BISON 3.8 REQUIRED)
find_program(RE2C_EXECUTABLE re2c REQUIRED)
execute_process(COMMAND ${RE2C_EXECUTABLE} --vernum OUTPUT_VARIABLE RE2C_VERNUM
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(RE2C_VERNUM LESS 30000)
  message(FATAL_ERROR "re2c 3.0 or newer is required (found version number ${RE2C_VERNUM})")
endif()

# pto_re2c(<input.re> <output.cc>): generate <output.cc> from <input.re> at build time.
function(pto_re2c input output)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${RE2C_EXECUTABLE} -W --no-generation-date --no-version -o ${output} ${input}
    DEPENDS ${input}
    COMMENT "re2c ${input}")
endfunction()
