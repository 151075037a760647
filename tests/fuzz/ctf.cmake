# CTF importer (docs/formats.md "CTF (LTTng)"): a copy of the recorded LTTng sample
# sample_traces/lttng-workers-t4-n10, one of whose files each input replaces:
#   fuzz_ctf_reader    the first byte picks the file (the metadata, a stream file, a packet index)
#   fuzz_ctf_metadata  the input is the metadata file
#   fuzz_ctf_stream    the input is the stream file channel0_1
#   fuzz_ctf_index     the input is channel0_1's packet index
# Seeds: the valid files, written by the target itself when CHITRA_FUZZ_CTF_SEEDS=DIR is
# set (scripts/checks/fuzz.sh does). The importer with its checks and contained read, the lane
# builder, the PES of lanes and its writer are compiled in; babeltrace2 and libelf are the
# system's (not instrumented), and decode in a child process whose coverage is not seen.
file(GLOB CHITRA_FUZZ_CTF_SOURCES ${CHITRA_CORE_DIR}/io/ctf/*.cpp)
# The code under test, compiled once for the four targets.
add_library(chitra_fuzz_ctf_code OBJECT ${CHITRA_FUZZ_CTF_SOURCES} ${CHITRA_CORE_DIR}/io/import/contained_read.cpp
            ${CHITRA_CORE_DIR}/lanes/lane_trace_codec.cpp ${CHITRA_FUZZ_IMPORT_SOURCES})
target_include_directories(chitra_fuzz_ctf_code PRIVATE ${PROJECT_SOURCE_DIR}/include ${CHITRA_CORE_DIR})
target_compile_options(chitra_fuzz_ctf_code PRIVATE ${CHITRA_FUZZ_FLAGS})
target_link_libraries(chitra_fuzz_ctf_code PRIVATE PkgConfig::BABELTRACE2 PkgConfig::LIBELF)
foreach(target reader metadata stream index)
  chitra_add_fuzzer(fuzz_ctf_${target} MAIN ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_ctf_reader.cpp
    SOURCES $<TARGET_OBJECTS:chitra_fuzz_ctf_code>
    LIBRARIES PkgConfig::BABELTRACE2 PkgConfig::LIBELF)
  target_compile_definitions(fuzz_ctf_${target} PRIVATE CHITRA_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endforeach()
target_compile_definitions(fuzz_ctf_metadata PRIVATE CHITRA_FUZZ_CTF_ONLY=0)
target_compile_definitions(fuzz_ctf_stream PRIVATE CHITRA_FUZZ_CTF_ONLY=2)
target_compile_definitions(fuzz_ctf_index PRIVATE CHITRA_FUZZ_CTF_ONLY=3)
