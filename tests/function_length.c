/* The length of every function defined in C sources, from the line of its
 * name to its closing brace: fails if one is over a limit.
 *
 *   function_length LIMIT PATH...   lists the functions over LIMIT lines
 *                                   (exit 1) or says how many were read; a
 *                                   PATH that is a folder stands for its
 *                                   *.c and *.h files
 *   function_length --self-test     checks the measuring on sources made
 *                                   to mislead it
 *
 * A function body is a brace at file scope that follows a closing
 * parenthesis; the braces of comments, string and character literals and
 * preprocessor lines (with their continuations) do not count. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*found_fn)(void *ctx, const char *name, unsigned first, unsigned last);

/* text with its comments, literals and preprocessor lines turned into
 * spaces, newlines kept, so that only code is left */
static void code_only(char *t, size_t n)
{
    size_t i = 0;
    int line_start = 1;
    while (i < n) {
        const char c = t[i];
        if (line_start && (c == ' ' || c == '\t')) {
            i++;
            continue;
        }
        if (line_start && c == '#') { /* a directive, to its unescaped newline */
            while (i < n && t[i] != '\n') {
                if (t[i] == '\\' && i + 1 < n && t[i + 1] == '\n') t[i++] = ' ';
                else if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') { /* a comment in it may span lines */
                    t[i++] = ' ';
                    while (i < n && !(t[i] == '*' && i + 1 < n && t[i + 1] == '/')) {
                        if (t[i] != '\n') t[i] = ' ';
                        i++;
                    }
                    if (i < n) t[i++] = ' ';
                    if (i < n) t[i] = ' ';
                } else if (t[i] != '\n') t[i] = ' ';
                i++;
            }
            continue;
        }
        line_start = c == '\n';
        if (c == '/' && i + 1 < n && t[i + 1] == '/') {
            while (i < n && t[i] != '\n') t[i++] = ' ';
        } else if (c == '/' && i + 1 < n && t[i + 1] == '*') {
            t[i++] = ' ';
            t[i++] = ' ';
            while (i < n && !(t[i] == '*' && i + 1 < n && t[i + 1] == '/')) {
                if (t[i] != '\n') t[i] = ' ';
                i++;
            }
            if (i < n) t[i++] = ' ';
            if (i < n) t[i++] = ' ';
        } else if (c == '"' || c == '\'') {
            t[i++] = ' ';
            while (i < n && t[i] != c && t[i] != '\n') {
                if (t[i] == '\\' && i + 1 < n) t[i++] = ' ';
                if (t[i] != '\n') t[i] = ' ';
                i++;
            }
            if (i < n && t[i] == c) t[i++] = ' ';
        } else {
            i++;
        }
    }
}

static int ident_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static unsigned line_of(const unsigned *line_at, size_t i)
{
    return line_at[i];
}

/* Calls found for every function body of the code-only text t. */
static void functions(const char *t, size_t n, const unsigned *line_at, found_fn found, void *ctx)
{
    int depth = 0;
    char name[128] = "";
    unsigned first = 0;
    int is_fn = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '{') {
            if (depth++ == 0) {
                size_t j = i;
                while (j > 0 && strchr(" \t\r\n", t[j - 1])) j--;
                is_fn = j > 0 && t[j - 1] == ')';
                if (is_fn) { /* back over the balanced parentheses to the name */
                    int pd = 0;
                    do {
                        j--;
                        if (t[j] == ')') pd++;
                        if (t[j] == '(') pd--;
                    } while (j > 0 && pd > 0);
                    size_t e = j;
                    while (e > 0 && strchr(" \t\r\n", t[e - 1])) e--;
                    size_t b = e;
                    while (b > 0 && ident_char(t[b - 1])) b--;
                    const size_t len = e - b < sizeof name - 1 ? e - b : sizeof name - 1;
                    memcpy(name, t + b, len);
                    name[len] = 0;
                    first = line_of(line_at, b);
                }
            }
        } else if (t[i] == '}' && depth > 0) {
            if (--depth == 0 && is_fn) found(ctx, name, first, line_of(line_at, i));
        }
    }
}

typedef struct report {
    const char *file;
    unsigned limit, count, over;
    int quiet;
} report;

static void check_one(void *ctx, const char *name, unsigned first, unsigned last)
{
    report *r = ctx;
    const unsigned lines = last - first + 1;
    r->count++;
    if (lines > r->limit) {
        if (!r->quiet) printf("FAIL: %s:%u: %s is %u lines (at most %u)\n", r->file, first, name, lines, r->limit);
        r->over++;
    }
}

/* t (n bytes, NUL after them) made code-only, its line numbers in line_at */
static unsigned *prepare(char *t, size_t n)
{
    unsigned *line_at = malloc((n + 1) * sizeof *line_at);
    if (!line_at) return NULL;
    unsigned line = 1;
    for (size_t i = 0; i <= n; i++) {
        line_at[i] = line;
        if (i < n && t[i] == '\n') line++;
    }
    code_only(t, n);
    return line_at;
}

static int measure(const char *text, found_fn found, void *ctx)
{
    const size_t n = strlen(text);
    char *t = malloc(n + 1);
    if (!t) return -1;
    memcpy(t, text, n + 1);
    unsigned *line_at = prepare(t, n);
    if (!line_at) {
        free(t);
        return -1;
    }
    functions(t, n, line_at, found, ctx);
    free(line_at);
    free(t);
    return 0;
}

typedef struct seen {
    char names[8][64];
    unsigned lines[8], count;
} seen;

static void record(void *ctx, const char *name, unsigned first, unsigned last)
{
    seen *s = ctx;
    if (s->count < 8) {
        snprintf(s->names[s->count], sizeof s->names[0], "%s", name);
        s->lines[s->count++] = last - first + 1;
    }
}

/* Sources whose literals, comments and macros hold braces, parentheses and
 * quotes; the functions and lengths they must give. */
static int self_test(void)
{
    static const struct {
        const char *src, *expect; /* expect: "name:lines name:lines ..." */
    } cases[] = {
        {"int f(void)\n{\n    return 0;\n}\n", "f:4"},
        {"static const char *s = \"}{\";\nint g(int a) {\n  if (a) { return '}'; }\n  return '{';\n}\n", "g:4"},
        {"/* int h(void) { */\nint h(void)\n{\n  // }\n  /* } } */\n  return 1;\n}\n", "h:6"},
        {"#define M(x) { (x) }\n#define N(x) \\\n  { x }\nstruct s { int a; };\nint a[] = {1, 2};\n"
         "void k(int (*cb)(int))\n{\n  char c = '\\'';\n  const char *q = \"\\\"}\";\n}\n",
         "k:5"},
        {"enum { A, B };\nvoid one(void) { }\nvoid two(void)\n{\n  {\n  }\n}\n", "one:1 two:5"},
        {"static __attribute__((unused)) int attr(void)\n{\n  return 0;\n}\n", "attr:4"},
        {"#if X /* a { comment\n spanning } lines */\nint z(void)\n{\n}\n#endif\n", "z:3"},
    };
    int bad = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        seen s;
        memset(&s, 0, sizeof s);
        char got[512] = "";
        if (measure(cases[k].src, record, &s)) return 1;
        for (unsigned i = 0; i < s.count; i++) {
            char one[96];
            snprintf(one, sizeof one, "%s%s:%u", i ? " " : "", s.names[i], s.lines[i]);
            strncat(got, one, sizeof got - strlen(got) - 1);
        }
        if (strcmp(got, cases[k].expect) != 0) {
            printf("FAIL: self-test case %zu: got '%s', expected '%s'\n", k, got, cases[k].expect);
            bad = 1;
        }
    }
    /* and over the limit: a function of limit + 1 lines is reported */
    report r = {"self-test", 3, 0, 0, 1};
    if (measure("int f(void)\n{\n  return 0;\n}\nint g(void)\n{\n}\n", check_one, &r) || r.over != 1 ||
        r.count != 2) {
        printf("FAIL: self-test: a function over the limit not reported\n");
        bad = 1;
    }
    if (!bad) printf("self-test: every case measured as expected\n");
    return bad;
}

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *t = malloc(cap + 1);
    size_t got;
    while (t && (got = fread(t + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *u = realloc(t, 2 * cap + 1);
            if (!u) {
                free(t);
                t = NULL;
                break;
            }
            t = u;
            cap *= 2;
        }
    }
    if (t && ferror(f)) {
        free(t);
        t = NULL;
    }
    fclose(f);
    if (t) t[len] = 0;
    *n = len;
    return t;
}

/* Measures one file into *r; 0, or -1 if it cannot be read. */
static int check_file(const char *path, report *r)
{
    size_t n;
    char *t = read_file(path, &n);
    unsigned *line_at = t ? prepare(t, n) : NULL;
    if (!line_at) {
        free(t);
        printf("FAIL: %s: cannot read it\n", path);
        return -1;
    }
    r->file = path;
    functions(t, n, line_at, check_one, r);
    free(line_at);
    free(t);
    return 0;
}

static int c_source(const char *name)
{
    const size_t n = strlen(name);
    return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--self-test") == 0) return self_test();
    if (argc < 3) {
        fprintf(stderr, "usage: function_length LIMIT PATH... | --self-test\n");
        return 2;
    }
    report r = {NULL, (unsigned)strtoul(argv[1], NULL, 10), 0, 0, 0};
    unsigned files = 0;
    for (int a = 2; a < argc; a++) {
        DIR *d = opendir(argv[a]);
        if (!d) {
            if (check_file(argv[a], &r)) return 2;
            files++;
            continue;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!c_source(e->d_name)) continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name);
            if (check_file(path, &r)) {
                closedir(d);
                return 2;
            }
            files++;
        }
        closedir(d);
    }
    const unsigned count = r.count, over = r.over, limit = r.limit;
    if (files == 0 || count == 0) {
        printf("FAIL: no C sources or no functions found in the paths given\n");
        return 2;
    }
    if (!over) printf("%u functions in %u files, none over %u lines\n", count, files, limit);
    return over ? 1 : 0;
}
