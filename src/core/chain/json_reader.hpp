// Reading and writing the numbers of Chitra's JSON documents (the statistics, the model,
// the filter figures): every accessor names the key it failed on, "WHERE: key: reason".
#pragma once

#include "chitra/chain/chain_stats.hpp"
#include "chitra/trace/symbols.hpp"
#include "chitra/trace/types.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <string>
#include <vector>

namespace chitra::detail {

// A 128-bit integer as a decimal string (JSON numbers hold 53 bits exactly).
inline std::string wide_to_string(WideSum v)
{
    if (v == 0)
        return "0";
    const bool negative = v < 0;
    unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
    std::string digits;
    while (u > 0) {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
        u /= 10;
    }
    return negative ? "-" + digits : digits;
}

// Reading: every accessor names the key it failed on.
class JsonReader {
public:
    using Json = nlohmann::ordered_json;

    explicit JsonReader(std::string where) : where_(std::move(where)) {}

    [[noreturn]] void fail(const std::string& key, const std::string& reason) const
    {
        throw InputError(where_ + ": " + (key.empty() ? "" : key + ": ") + reason);
    }
    const Json& member(const Json& object, const char* key, const std::string& path) const
    {
        if (!object.is_object())
            fail(path, "expected an object");
        auto it = object.find(key);
        if (it == object.end())
            fail(path.empty() ? key : path + "." + key, "missing");
        return *it;
    }
    std::uint64_t unsigned_number(const Json& v, const std::string& path) const
    {
        if (!v.is_number_unsigned())
            fail(path, "expected a non-negative integer");
        return v.get<std::uint64_t>();
    }
    Time time(const Json& v, const std::string& path) const
    {
        if (!v.is_number_integer())
            fail(path, "expected an integer");
        if (v.is_number_unsigned() &&
            v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<Time>::max()))
            fail(path, "integer out of range");
        return v.get<Time>();
    }
    double real(const Json& v, const std::string& path) const
    {
        if (!v.is_number())
            fail(path, "expected a number");
        return v.get<double>();
    }
    std::string string(const Json& v, const std::string& path) const
    {
        if (!v.is_string())
            fail(path, "expected a string");
        return v.get<std::string>();
    }
    const Json& array(const Json& v, const std::string& path) const
    {
        if (!v.is_array())
            fail(path, "expected an array");
        return v;
    }
    std::vector<std::string> strings(const Json& v, const std::string& path) const
    {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < array(v, path).size(); ++i)
            out.push_back(string(v[i], path + "[" + std::to_string(i) + "]"));
        return out;
    }
    // A 128-bit integer written as a decimal string.
    WideSum wide(const Json& v, const std::string& path) const
    {
        if (!v.is_string())
            fail(path, "expected a decimal integer string");
        const std::string s = v.get<std::string>();
        std::size_t i = s.size() > 0 && s[0] == '-' ? 1 : 0;
        if (i == s.size())
            fail(path, "expected a decimal integer string");
        unsigned __int128 u = 0;
        const unsigned __int128 limit = static_cast<unsigned __int128>(std::numeric_limits<WideSum>::max());
        for (; i < s.size(); ++i) {
            if (s[i] < '0' || s[i] > '9')
                fail(path, "expected a decimal integer string");
            if (u > (limit - static_cast<unsigned>(s[i] - '0')) / 10)
                fail(path, "integer out of the 128-bit range");
            u = u * 10 + static_cast<unsigned>(s[i] - '0');
        }
        const auto w = static_cast<WideSum>(u);
        return s[0] == '-' ? -w : w;
    }
    SymbolKind kind(const Json& v, const std::string& path) const
    {
        const std::string s = string(v, path);
        for (SymbolKind k : {SymbolKind::program, SymbolKind::sequence, SymbolKind::projection, SymbolKind::filter,
                             SymbolKind::parallel, SymbolKind::other})
            if (to_string(k) == s)
                return k;
        fail(path, "unknown state kind '" + s + "'");
    }

private:
    std::string where_;
};

} // namespace chitra::detail
