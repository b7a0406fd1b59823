# Which headers a library may include is its link graph: pto_expose_headers(<target> <folder>...)
# makes "pto/<folder>/..." includable by <target> and by whatever links it, and nothing else
# of the source tree. Each library gets an include root of its own in the build tree
# (build/include/<target>/pto/<folder>, links to the source folders), so an include against
# the direction of the links (the VM including the sanitizer) fails to compile.
function(pto_expose_headers target)
  set(root ${PROJECT_BINARY_DIR}/include/${target})
  foreach(folder IN LISTS ARGN)
    set(link ${root}/pto/${folder})
    get_filename_component(parent ${link} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${link} SYMBOLIC)
  endforeach()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE ${root})
  else()
    target_include_directories(${target} PUBLIC ${root})
  endif()
endfunction()
