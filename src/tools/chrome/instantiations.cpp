// Input of the clang -ftime-trace sample (scripts/samples/make-sample-traces.sh, docs/sample-traces.md):
// a translation unit with no #include whose compilation is mostly template work, so that
// clang's trace holds thousands of nested regions (parsing, instantiation, code generation,
// optimisation passes), many of them shorter than a microsecond. Not part of any build.

using size_t = decltype(sizeof 0);

template <typename... Ts> struct TypeList {
};

template <typename L> struct Size;
template <typename... Ts> struct Size<TypeList<Ts...>> {
    static constexpr size_t value = sizeof...(Ts);
};

template <typename L, typename T> struct Append;
template <typename... Ts, typename T> struct Append<TypeList<Ts...>, T> {
    using type = TypeList<Ts..., T>;
};

template <size_t N> struct Index {
    static constexpr size_t value = N;
};

template <size_t N> struct MakeIndices {
    using type = typename Append<typename MakeIndices<N - 1>::type, Index<N - 1>>::type;
};
template <> struct MakeIndices<0> {
    using type = TypeList<>;
};

template <typename T, size_t N> struct Array {
    T items[N];
    constexpr T& operator[](size_t i) { return items[i]; }
    constexpr const T& operator[](size_t i) const { return items[i]; }
    static constexpr size_t size() { return N; }
};

template <typename T, size_t N> constexpr Array<T, N> sorted(Array<T, N> a)
{
    for (size_t i = 1; i < N; ++i)
        for (size_t j = i; j > 0 && a[j] < a[j - 1]; --j) {
            T t = a[j];
            a[j] = a[j - 1];
            a[j - 1] = t;
        }
    return a;
}

template <size_t N> constexpr Array<long, N> descending()
{
    Array<long, N> a{};
    for (size_t i = 0; i < N; ++i)
        a[i] = static_cast<long>(N - i) * 7 % 13;
    return a;
}

template <typename T, int N> struct Fib {
    static constexpr T value = Fib<T, N - 1>::value + Fib<T, N - 2>::value;
};
template <typename T> struct Fib<T, 1> {
    static constexpr T value = 1;
};
template <typename T> struct Fib<T, 0> {
    static constexpr T value = 0;
};

template <typename T> struct Box {
    T value;
    template <typename U> constexpr auto map(U f) const { return Box<decltype(f(value))>{f(value)}; }
    template <typename U> constexpr bool operator<(const Box<U>& o) const { return value < o.value; }
};

template <typename T, typename... Rest> struct Tuple : Tuple<Rest...> {
    T head;
    constexpr Tuple(T h, Rest... r) : Tuple<Rest...>(r...), head(h) {}
    template <size_t I> constexpr auto get() const
    {
        if constexpr (I == 0)
            return head;
        else
            return Tuple<Rest...>::template get<I - 1>();
    }
};
template <typename T> struct Tuple<T> {
    T head;
    constexpr Tuple(T h) : head(h) {}
    template <size_t I> constexpr auto get() const { return head; }
};

template <typename F, typename... Ts> constexpr auto sum_of(F f, Ts... xs) { return (f(xs) + ... + 0L); }

template <size_t... Is> constexpr long weigh(TypeList<Index<Is>...>)
{
    return sum_of([](auto x) { return static_cast<long>(x) * static_cast<long>(x); }, Is...);
}

template <size_t N> struct Layer {
    static constexpr long weight = weigh(typename MakeIndices<N>::type{}) + Fib<long, static_cast<int>(N % 40)>::value;
    constexpr long run(long x) const { return Layer<N - 1>{}.run(x + weight) ^ static_cast<long>(N); }
};
template <> struct Layer<0> {
    static constexpr long weight = 0;
    constexpr long run(long x) const { return x; }
};

template <typename T> T combine(T a, T b) { return a * 31 + b; }

long compute(long seed)
{
    constexpr auto table = sorted(descending<48>());
    constexpr Tuple<int, long, Box<int>, char> t{1, 2L, Box<int>{3}, 'c'};
    long acc = seed + table[5] + t.get<0>() + t.get<1>() + t.get<2>().map([](int v) { return v * 2L; }).value;
    acc = combine(acc, Layer<60>{}.run(seed));
    acc = combine(acc, Layer<45>{}.run(acc));
    acc = combine<double>(static_cast<double>(acc), 0.5) > 0 ? acc : -acc;
    return acc + static_cast<long>(Size<MakeIndices<30>::type>::value) + Fib<long, 39>::value;
}
