# CSV reader (docs/formats.md "CSV"): any bytes; accepted traces must give consistent
# lanes and a PES that reads back. Seeds: tests/fuzz/seeds-csv/; dictionary: csv.dict
# (scripts/checks/fuzz.sh fuzz_csv_reader).
chitra_add_fuzzer(fuzz_csv_reader
  SOURCES ${CHITRA_CORE_DIR}/io/csv/csv_reader.cpp ${CHITRA_CORE_DIR}/io/csv/csv_rows.cpp ${CHITRA_FUZZ_IMPORT_SOURCES}
  LIBRARIES PkgConfig::XXHASH)
