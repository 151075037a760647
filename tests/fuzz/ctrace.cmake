# Binary .ctrace reader (docs/file-formats.md): any bytes; accepted traces must round-trip.
# Seeds: sample traces converted to .ctrace by scripts/fuzz.sh.
add_executable(fuzz_ctrace_reader ${CMAKE_CURRENT_LIST_DIR}/fuzz_ctrace_reader.cpp
  ${CHITRA_CORE_DIR}/io/ctrace/binary_trace.cpp
  ${CHITRA_CORE_DIR}/io/file_sink.cpp
  ${CHITRA_CORE_DIR}/io/mapped_file.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_reader.cpp
  ${CHITRA_CORE_DIR}/trace/types.cpp)
target_include_directories(fuzz_ctrace_reader PRIVATE ${PROJECT_SOURCE_DIR}/include ${CHITRA_CORE_DIR})
target_compile_options(fuzz_ctrace_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_options(fuzz_ctrace_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_libraries(fuzz_ctrace_reader PRIVATE PkgConfig::XXHASH)
