# OTF2 importer (docs/formats.md "OTF2"): a small valid archive written at start, one of
# whose files each input replaces (the first byte picks which). Seeds: the valid files,
# written by the target itself when CHITRA_FUZZ_OTF2_SEEDS=DIR is set (scripts/fuzz.sh
# does). The importer, the lane builder, the PES of lanes and its writer are compiled in;
# libotf2 itself is the system's (not instrumented). scripts/fuzz.sh runs it with a
# LeakSanitizer suppression (otf2.supp) and allocations above 1 GiB failing (see there).
file(GLOB CHITRA_FUZZ_OTF2_SOURCES ${CHITRA_CORE_DIR}/io/otf2/*.cpp)
add_executable(fuzz_otf2_reader fuzz_otf2_reader.cpp
  ${CHITRA_FUZZ_OTF2_SOURCES}
  ${CHITRA_CORE_DIR}/io/import/exact_time.cpp
  ${CHITRA_CORE_DIR}/lanes/lane_trace_builder.cpp
  ${CHITRA_CORE_DIR}/lanes/lane_selection.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_reader.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_writer.cpp
  ${CHITRA_CORE_DIR}/io/file_sink.cpp
  ${CHITRA_CORE_DIR}/io/mapped_file.cpp
  ${CHITRA_CORE_DIR}/util/cancel.cpp
  ${CHITRA_CORE_DIR}/trace/types.cpp)
target_include_directories(fuzz_otf2_reader PRIVATE ${PROJECT_SOURCE_DIR}/include ${CHITRA_CORE_DIR}
                           ${PROJECT_SOURCE_DIR}/tests/core)
target_compile_options(fuzz_otf2_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_options(fuzz_otf2_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_libraries(fuzz_otf2_reader PRIVATE PkgConfig::OTF2)
