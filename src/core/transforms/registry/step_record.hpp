// A step's fields in a session record. The session's archive implements it
// (session/session_serialization.cpp); each kind of step names its fields in
// `record()` the same way whether they are written or read back, and reading
// validates every value.
#pragma once

#include "chitra/pipeline/pipeline.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chitra {

class StepRecord {
public:
    virtual ~StepRecord() = default;
    virtual bool loading() const = 0;
    // The version of the record: the kind's own when writing, the file's when reading.
    virtual unsigned version() const = 0;
    virtual void count(const char* name, std::size_t& value) = 0;
    virtual void integer(const char* name, std::int64_t& value) = 0;
    virtual void flag(const char* name, bool& value) = 0;
    virtual void text(const char* name, std::string& value) = 0;
    virtual void real(const char* name, double& value) = 0;
    // "<has_name>" and, when set, "<name>".
    virtual void optional_real(const char* has_name, const char* name, std::optional<double>& value) = 0;
    // "<count_name>" followed by one "<item_name>" per element.
    virtual void texts(const char* count_name, const char* item_name, std::vector<std::string>& values) = 0;
    virtual void counts(const char* count_name, const char* item_name, std::vector<std::size_t>& values) = 0;
    // "<count_name>" followed by a "<key>" and a "<value>" per entry.
    virtual void text_map(const char* count_name, std::map<std::string, std::string>& values) = 0;
    // Refuses, while reading, a number of items that the record cannot hold.
    virtual void check_count(std::uint64_t n, const char* what) = 0;
};

// A kind's record version: 1 unless it declares `static constexpr unsigned session_version`
// (raised when its fields change; record() then reads the older layouts by version()).
template <class Kind> constexpr unsigned session_version()
{
    if constexpr (requires { Kind::session_version; })
        return Kind::session_version;
    else
        return 1;
}

// The kind's session tag; the step of the kind that `tag` names, with default
// parameters, or nullopt for a tag no kind has.
std::string_view session_tag(const Step& step);
std::optional<Step> step_of_session_tag(std::string_view tag);

} // namespace chitra
