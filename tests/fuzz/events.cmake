# Event trace reader (docs/formats.md "Event traces"): any bytes; accepted traces must give consistent
# lanes and a PES that reads back. Seeds: tests/fuzz/seeds-events/; dictionary: events.dict
# (scripts/checks/fuzz.sh fuzz_events_reader).
chitra_add_fuzzer(fuzz_events_reader
  SOURCES ${CHITRA_CORE_DIR}/io/events/events_reader.cpp ${CHITRA_FUZZ_IMPORT_SOURCES}
  LIBRARIES PkgConfig::XXHASH)
