# Chrome Trace Event JSON reader (docs/formats.md): any bytes, read in small chunks and
# whole, checked against the independent reading of tests/core/io/chrome/chrome_oracle.hpp.
# Seeds: tests/fuzz/seeds-chrome/ and sample_traces/*.json (scripts/fuzz.sh cuts the
# samples to 8 KB); dictionary: chrome.dict. Run, e.g.:
#   build-fuzz/tests/fuzz/fuzz_chrome_reader -max_total_time=60 -max_len=8192 \
#     -dict=tests/fuzz/chrome.dict CORPUS_DIR tests/fuzz/seeds-chrome
# simdjson is linked as the library (not instrumented); the reader, the lane builder and
# the PES text reader and writer are compiled in.
file(GLOB CHITRA_FUZZ_CHROME_SOURCES ${CHITRA_CORE_DIR}/io/chrome/*.cpp)
list(FILTER CHITRA_FUZZ_CHROME_SOURCES EXCLUDE REGEX "chrome_importer\\.cpp$")
add_executable(fuzz_chrome_reader fuzz_chrome_reader.cpp
  ${CHITRA_FUZZ_CHROME_SOURCES}
  ${CHITRA_CORE_DIR}/io/import/exact_time.cpp
  ${CHITRA_CORE_DIR}/lanes/lane_trace_builder.cpp
  ${CHITRA_CORE_DIR}/lanes/lane_selection.cpp
  ${CHITRA_CORE_DIR}/util/cancel.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_reader.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_writer.cpp
  ${CHITRA_CORE_DIR}/io/file_sink.cpp
  ${CHITRA_CORE_DIR}/io/mapped_file.cpp
  ${CHITRA_CORE_DIR}/trace/types.cpp)
target_include_directories(fuzz_chrome_reader PRIVATE ${PROJECT_SOURCE_DIR}/include ${CHITRA_CORE_DIR})
target_compile_options(fuzz_chrome_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_options(fuzz_chrome_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_libraries(fuzz_chrome_reader PRIVATE simdjson::simdjson nlohmann_json::nlohmann_json PkgConfig::XXHASH)
