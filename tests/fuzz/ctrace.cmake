# Binary .ctrace reader (docs/file-formats.md), both versions: any bytes; accepted traces
# must round-trip, profile and report their messages. Seeds: sample traces converted to .ctrace by scripts/checks/fuzz.sh.
chitra_add_fuzzer(fuzz_ctrace_reader
  SOURCES ${CHITRA_CORE_DIR}/io/ctrace/binary_trace.cpp ${CHITRA_CORE_DIR}/io/ctrace/binary_lanes.cpp
          ${CHITRA_CORE_DIR}/lanes/lane_trace_codec.cpp ${CHITRA_CORE_DIR}/lanes/trace_lanes.cpp
          ${CHITRA_CORE_DIR}/profile/profile.cpp ${CHITRA_CORE_DIR}/messages/message_report.cpp
          ${CHITRA_FUZZ_IMPORT_SOURCES}
  LIBRARIES PkgConfig::XXHASH)
