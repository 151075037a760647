# Paraver reader (docs/formats.md "Paraver"), and the .pcf and .row parsers: any bytes; accepted traces must give consistent
# lanes and a PES that reads back. Seeds: tests/fuzz/seeds-paraver/; dictionary: paraver.dict
# (scripts/checks/fuzz.sh fuzz_paraver_reader).
chitra_add_fuzzer(fuzz_paraver_reader
  SOURCES ${CHITRA_CORE_DIR}/io/paraver/paraver_reader.cpp ${CHITRA_CORE_DIR}/io/paraver/paraver_header.cpp
          ${CHITRA_CORE_DIR}/io/paraver/paraver_names.cpp ${CHITRA_FUZZ_IMPORT_SOURCES}
  LIBRARIES PkgConfig::XXHASH)
