# Event trace reader (docs/formats.md "Event traces"): any bytes; accepted traces must give consistent
# lanes and a PES that reads back. Seeds: tests/fuzz/seeds-events/; dictionary: events.dict
# (scripts/fuzz.sh fuzz_events_reader).
add_executable(fuzz_events_reader ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_events_reader.cpp
  ${CHITRA_CORE_DIR}/io/events/events_reader.cpp
  ${CHITRA_CORE_DIR}/io/import/exact_time.cpp
  ${CHITRA_CORE_DIR}/lanes/lane_trace_builder.cpp
  ${CHITRA_CORE_DIR}/lanes/lane_selection.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_reader.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_writer.cpp
  ${CHITRA_CORE_DIR}/io/file_sink.cpp
  ${CHITRA_CORE_DIR}/io/mapped_file.cpp
  ${CHITRA_CORE_DIR}/util/cancel.cpp
  ${CHITRA_CORE_DIR}/trace/types.cpp)
target_include_directories(fuzz_events_reader PRIVATE ${PROJECT_SOURCE_DIR}/include ${CHITRA_CORE_DIR})
target_compile_options(fuzz_events_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_options(fuzz_events_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_libraries(fuzz_events_reader PRIVATE PkgConfig::XXHASH)
