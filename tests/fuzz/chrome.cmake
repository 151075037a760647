# Chrome Trace Event JSON reader (docs/formats.md): any bytes, read in small chunks and
# whole, checked against the independent reading of tests/core/io/chrome/chrome_oracle.hpp.
# Seeds: tests/fuzz/seeds-chrome/ and sample_traces/*.json (scripts/checks/fuzz.sh cuts the
# samples to 8 KB); dictionary: chrome.dict. Run, e.g.:
#   build-fuzz/tests/fuzz/fuzz_chrome_reader -max_total_time=60 -max_len=8192 \
#     -dict=tests/fuzz/chrome.dict CORPUS_DIR tests/fuzz/seeds-chrome
# simdjson is linked as the library (not instrumented); the reader, the lane builder and
# the PES text reader and writer are compiled in.
file(GLOB CHITRA_FUZZ_CHROME_SOURCES ${CHITRA_CORE_DIR}/io/chrome/*.cpp)
list(FILTER CHITRA_FUZZ_CHROME_SOURCES EXCLUDE REGEX "chrome_importer\\.cpp$")
chitra_add_fuzzer(fuzz_chrome_reader
  SOURCES ${CHITRA_FUZZ_CHROME_SOURCES} ${CHITRA_FUZZ_IMPORT_SOURCES}
  LIBRARIES simdjson::simdjson nlohmann_json::nlohmann_json PkgConfig::XXHASH)
