# Paje reader (docs/formats.md "Paje"): any bytes; accepted traces must give consistent
# lanes and a PES that reads back. Seeds: tests/fuzz/seeds-paje/ and the Paje sample;
# dictionary: paje.dict (scripts/checks/fuzz.sh fuzz_paje_reader).
chitra_add_fuzzer(fuzz_paje_reader
  SOURCES ${CHITRA_CORE_DIR}/io/paje/paje_definitions.cpp ${CHITRA_CORE_DIR}/io/paje/paje_model.cpp
          ${CHITRA_CORE_DIR}/io/paje/paje_reader.cpp ${CHITRA_FUZZ_IMPORT_SOURCES}
  LIBRARIES PkgConfig::XXHASH)
