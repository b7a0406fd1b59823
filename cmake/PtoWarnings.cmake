# One warning list for the project's own code; generated sources get a relaxed set.
set(PTO_WARNINGS -Wall -Wextra -Wshadow -Wnon-virtual-dtor -Wimplicit-fallthrough)
if(PTO_WERROR)
  list(APPEND PTO_WARNINGS -Werror)
endif()

function(pto_warnings target)
  target_compile_options(${target} PRIVATE ${PTO_WARNINGS})
endfunction()
