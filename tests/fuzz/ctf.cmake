# CTF importer (docs/formats.md "CTF (LTTng)"): a copy of the recorded LTTng sample
# sample_traces/lttng-workers-t4-n10, one of whose files each input replaces (the first
# byte picks which: the metadata, a stream file, a packet index). Seeds: the valid files,
# written by the target itself when CHITRA_FUZZ_CTF_SEEDS=DIR is set (scripts/fuzz.sh
# does). The importer, the lane builder, the PES of lanes and its writer are compiled in;
# babeltrace2 and libelf are the system's (not instrumented).
file(GLOB CHITRA_FUZZ_CTF_SOURCES ${CHITRA_CORE_DIR}/io/ctf/*.cpp)
chitra_add_fuzzer(fuzz_ctf_reader
  SOURCES ${CHITRA_FUZZ_CTF_SOURCES} ${CHITRA_FUZZ_IMPORT_SOURCES}
  LIBRARIES PkgConfig::BABELTRACE2 PkgConfig::LIBELF)
target_compile_definitions(fuzz_ctf_reader PRIVATE CHITRA_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
