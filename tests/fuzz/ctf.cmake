# CTF importer (docs/formats.md "CTF (LTTng)"): a copy of the recorded LTTng sample
# sample_traces/lttng-workers-t4-n10, one of whose files each input replaces (the first
# byte picks which: the metadata, a stream file, a packet index). Seeds: the valid files,
# written by the target itself when CHITRA_FUZZ_CTF_SEEDS=DIR is set (scripts/fuzz.sh
# does). The importer, the lane builder, the PES of lanes and its writer are compiled in;
# babeltrace2 and libelf are the system's (not instrumented).
file(GLOB CHITRA_FUZZ_CTF_SOURCES ${CHITRA_CORE_DIR}/io/ctf/*.cpp)
add_executable(fuzz_ctf_reader fuzz_ctf_reader.cpp
  ${CHITRA_FUZZ_CTF_SOURCES}
  ${CHITRA_CORE_DIR}/lanes/lane_trace_builder.cpp
  ${CHITRA_CORE_DIR}/lanes/lane_selection.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_reader.cpp
  ${CHITRA_CORE_DIR}/io/pes/pes_writer.cpp
  ${CHITRA_CORE_DIR}/io/file_sink.cpp
  ${CHITRA_CORE_DIR}/io/mapped_file.cpp
  ${CHITRA_CORE_DIR}/util/cancel.cpp
  ${CHITRA_CORE_DIR}/trace/types.cpp)
target_include_directories(fuzz_ctf_reader PRIVATE ${PROJECT_SOURCE_DIR}/include ${CHITRA_CORE_DIR})
target_compile_definitions(fuzz_ctf_reader PRIVATE CHITRA_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
target_compile_options(fuzz_ctf_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_options(fuzz_ctf_reader PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_libraries(fuzz_ctf_reader PRIVATE PkgConfig::BABELTRACE2 PkgConfig::LIBELF)
