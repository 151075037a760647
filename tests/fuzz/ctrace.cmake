# Binary .ctrace reader (docs/file-formats.md): any bytes; accepted traces must round-trip.
# Seeds: sample traces converted to .ctrace by scripts/checks/fuzz.sh.
chitra_add_fuzzer(fuzz_ctrace_reader
  SOURCES ${CHITRA_CORE_DIR}/io/ctrace/binary_trace.cpp ${CHITRA_CORE_DIR}/io/file_sink.cpp
          ${CHITRA_CORE_DIR}/io/mapped_file.cpp ${CHITRA_CORE_DIR}/io/pes/pes_reader.cpp ${CHITRA_CORE_DIR}/io/import/name_text.cpp ${CHITRA_CORE_DIR}/trace/types.cpp
  LIBRARIES PkgConfig::XXHASH)
