// One step object of a pipeline file, read and written by its kind
// (pipeline/pipeline_json.cpp reads and writes the document around it).
#pragma once

#include "chitra/pipeline/pipeline.hpp"
#include "chitra/trace/types.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace chitra {

// Reads the parameters of one step object; every error names the step
// ("P.json: step 3 (aggregate): ...").
class StepJsonReader {
public:
    // `base_dir`: where files the step names are looked for (a rules file).
    StepJsonReader(const nlohmann::json& object, std::string prefix, std::string base_dir)
        : object_(object), prefix_(std::move(prefix)), base_dir_(std::move(base_dir))
    {
    }

    [[noreturn]] void fail(const std::string& reason) const { throw InputError(prefix_ + ": " + reason); }

    const std::string& base_dir() const { return base_dir_; }
    bool has(const char* key) const { return object_.contains(key); }

    const nlohmann::json& get(const char* key) const
    {
        used_.insert(key);
        auto it = object_.find(key);
        if (it == object_.end())
            fail(std::string("missing parameter \"") + key + "\"");
        return *it;
    }
    std::string string(const char* key) const
    {
        const nlohmann::json& v = get(key);
        if (!v.is_string())
            fail(std::string("parameter \"") + key + "\" must be a string");
        return v.get<std::string>();
    }
    double number(const char* key) const
    {
        const nlohmann::json& v = get(key);
        if (!v.is_number())
            fail(std::string("parameter \"") + key + "\" must be a number");
        return v.get<double>();
    }
    std::int64_t integer(const char* key) const
    {
        const nlohmann::json& v = get(key);
        if (v.is_number_integer())
            return v.get<std::int64_t>();
        if (v.is_number_float()) {
            double d = v.get<double>();
            if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e18)
                return static_cast<std::int64_t>(d);
        }
        fail(std::string("parameter \"") + key + "\" must be an integer");
    }
    std::size_t count(const char* key) const
    {
        std::int64_t v = integer(key);
        if (v < 0)
            fail(std::string("parameter \"") + key + "\" must not be negative");
        return static_cast<std::size_t>(v);
    }
    std::vector<std::string> strings(const char* key) const
    {
        const nlohmann::json& v = get(key);
        if (!v.is_array())
            fail(std::string("parameter \"") + key + "\" must be a list of names");
        std::vector<std::string> out;
        for (const nlohmann::json& e : v) {
            if (!e.is_string())
                fail(std::string("parameter \"") + key + "\" must be a list of names");
            out.push_back(e.get<std::string>());
        }
        return out;
    }
    // Unknown keys are refused: a misspelt parameter would otherwise be silently ignored.
    void finish() const
    {
        for (auto it = object_.begin(); it != object_.end(); ++it)
            if (it.key() != "op" && !used_.count(it.key()))
                fail("unknown parameter \"" + it.key() + "\"");
    }

private:
    const nlohmann::json& object_;
    std::string prefix_;
    std::string base_dir_;
    mutable std::set<std::string> used_;
};

// The step object being written, its "op" already set.
class StepJsonWriter {
public:
    explicit StepJsonWriter(nlohmann::json& object) : object_(object) {}
    nlohmann::json& operator[](const char* key) { return object_[key]; }

private:
    nlohmann::json& object_;
};

// The step that the first kind of `op` reads from the object; nullopt when no kind has
// that op.
std::optional<Step> read_step_of_op(std::string_view op, const StepJsonReader& json);
// The ops of every kind, in the registry's order: "clip, aggregate, ... or exclude".
std::string known_ops();
// {"op": ..., its parameters}.
nlohmann::json step_to_json(const Step& step);

} // namespace chitra
