# OTF2 importer (docs/formats.md "OTF2"): a small valid archive written at start, one of
# whose files each input replaces (the first byte picks which). Seeds: the valid files,
# written by the target itself when CHITRA_FUZZ_OTF2_SEEDS=DIR is set (scripts/checks/fuzz.sh
# does). The importer, the lane builder, the PES of lanes and its writer are compiled in;
# libotf2 itself is the system's (not instrumented). scripts/checks/fuzz.sh runs it with a
# LeakSanitizer suppression (otf2.supp) and allocations above 1 GiB failing (see there).
file(GLOB CHITRA_FUZZ_OTF2_SOURCES ${CHITRA_CORE_DIR}/io/otf2/*.cpp)
chitra_add_fuzzer(fuzz_otf2_reader
  SOURCES ${CHITRA_FUZZ_OTF2_SOURCES} ${CHITRA_FUZZ_IMPORT_SOURCES}
  INCLUDES ${PROJECT_SOURCE_DIR}/tests/core
  LIBRARIES PkgConfig::OTF2)
