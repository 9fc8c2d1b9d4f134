/* The wisdom file: the implementations `lwcx tune` measured fastest on this
 * machine, for each primitive's call kinds, read once on first use and
 * tried before the shipped table and the rules (policy.c).
 *
 * Where: LWCX_WISDOM (a path, or "off"), else $XDG_CONFIG_HOME/lwcx/wisdom,
 * else ~/.config/lwcx/wisdom. A file is trusted only whole: it must be for
 * this CPU (vendor, family, model, stepping, the feature bits as detected,
 * LWCX_CPU_DISABLE applied) and this version of lwcx, every line well
 * formed, every choice a CPU implementation built and usable here, each
 * primitive's kind at most once. Anything else and the whole file is
 * ignored, with the reason in lwcx_wisdom_status (lwcx list prints it). */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#define WISDOM_MAGIC "lwcx-wisdom 1"
#define MAX_LINE 256
#define MAX_PRIMITIVES 32

static const char *const vendor_names[] = {"other", "intel", "amd", "arm"};

static struct {
    char path[PATH_MAX];
    char why[PATH_MAX + 256]; /* the status in words */
    int used;
    const char *pick[MAX_PRIMITIVES][LWCX_CALL_KINDS];
} wisdom;
static pthread_once_t wisdom_once = PTHREAD_ONCE_INIT;

/* The file's path (empty: off or no home), and why in words. */
static void default_path(char *path, size_t cap, const char **why)
{
    const char *env = getenv("LWCX_WISDOM"), *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    path[0] = 0;
    *why = NULL;
    if (env && strcmp(env, "off") == 0) *why = "off (LWCX_WISDOM=off)";
    else if (env && *env) snprintf(path, cap, "%s", env);
    else if (xdg && *xdg) snprintf(path, cap, "%s/lwcx/wisdom", xdg);
    else if (home && *home) snprintf(path, cap, "%s/.config/lwcx/wisdom", home);
    else *why = "none (no LWCX_WISDOM, XDG_CONFIG_HOME or HOME)";
}

/* The key line this machine's file must carry. */
static void key_line(char *buf, size_t cap)
{
    const lwcx_cpu_desc *cpu = lwcx_cpu_here();
    const int v = cpu->vendor >= 0 && cpu->vendor < 4 ? cpu->vendor : 0;
    snprintf(buf, cap, "machine %s %u %u %u 0x%08x lwcx %s", vendor_names[v], cpu->family, cpu->model, cpu->stepping,
             (unsigned)cpu->features, lwcx_version());
}

static size_t primitive_index(const lwcx_primitive *p)
{
    size_t i = 0;
    while (lwcx_primitives[i] && lwcx_primitives[i] != p) i++;
    return i;
}

/* The implementation a wisdom line may name for p: built, a CPU
 * implementation (no device probe), usable here. */
static const lwcx_impl_desc *trusted_impl(const lwcx_primitive *p, const char *name)
{
    const lwcx_impl_desc *d = lwcx_find_impl(p, name);
    return d && !d->probe && lwcx_usable_on(d, lwcx_cpu_here()) ? d : NULL;
}

/* Parses one "pick PRIMITIVE KIND IMPL" line into picks; NULL or why not. */
static const char *parse_pick(const char *line, const char *picks[][LWCX_CALL_KINDS])
{
    char prim[64], kind[64], impl[64], extra;
    if (sscanf(line, "pick %63s %63s %63s %c", prim, kind, impl, &extra) != 3) return "a malformed line";
    const lwcx_primitive *p = lwcx_find_primitive(prim);
    const size_t i = p ? primitive_index(p) : MAX_PRIMITIVES;
    if (!p || i >= MAX_PRIMITIVES) return "an unknown primitive";
    const int k = lwcx_policy_kind_index(p, kind);
    if (k < 0) return "an unknown call kind";
    const lwcx_impl_desc *d = trusted_impl(p, impl);
    if (!d) return "an implementation this machine cannot run, or not a CPU one";
    if (picks[i][k]) return "a call kind chosen twice";
    picks[i][k] = d->name;
    return NULL;
}

/* Reads the file at path into picks: NULL, or why it is not used. */
static const char *parse(FILE *fp, const char *picks[][LWCX_CALL_KINDS], unsigned *at)
{
    char line[MAX_LINE + 2], key[200];
    int magic = 0, keyed = 0;
    key_line(key, sizeof key);
    *at = 0;
    while (fgets(line, sizeof line, fp)) {
        ++*at;
        const size_t n = strlen(line);
        if (n == 0 || line[n - 1] != '\n') return n > MAX_LINE ? "a line too long" : "a truncated line";
        line[n - 1] = 0;
        if (memchr(line, 0, n - 1)) return "a NUL byte";
        if (line[0] == '#' || line[0] == 0) continue;
        if (!magic) {
            if (strcmp(line, WISDOM_MAGIC) != 0) return "not a wisdom file of this format";
            magic = 1;
        } else if (strncmp(line, "machine ", 8) == 0) {
            if (keyed) return "two machine lines";
            if (strcmp(line, key) != 0) return "made for another CPU, feature set or version of lwcx";
            keyed = 1;
        } else if (!keyed) {
            return "a choice before the machine line";
        } else {
            const char *why = parse_pick(line, picks);
            if (why) return why;
        }
    }
    if (ferror(fp)) return "unreadable";
    if (!magic || !keyed) return "no machine line";
    *at = 0;
    return NULL;
}

static void load(void)
{
    const char *why = NULL;
    default_path(wisdom.path, sizeof wisdom.path, &why);
    if (!wisdom.path[0]) {
        snprintf(wisdom.why, sizeof wisdom.why, "%s", why);
        return;
    }
    FILE *fp = fopen(wisdom.path, "r");
    if (!fp) {
        snprintf(wisdom.why, sizeof wisdom.why, "%s: %s", wisdom.path,
                 errno == ENOENT ? "none (lwcx tune makes it)" : strerror(errno));
        return;
    }
    static const char *picks[MAX_PRIMITIVES][LWCX_CALL_KINDS];
    unsigned at = 0, n = 0;
    why = parse(fp, picks, &at);
    fclose(fp);
    if (why && at) {
        snprintf(wisdom.why, sizeof wisdom.why, "%s: ignored, line %u: %s", wisdom.path, at, why);
        return;
    }
    if (why) {
        snprintf(wisdom.why, sizeof wisdom.why, "%s: ignored: %s", wisdom.path, why);
        return;
    }
    for (size_t i = 0; i < MAX_PRIMITIVES; i++)
        for (int k = 0; k < LWCX_CALL_KINDS; k++) n += (wisdom.pick[i][k] = picks[i][k]) != NULL;
    wisdom.used = 1;
    snprintf(wisdom.why, sizeof wisdom.why, "%s: used (%u choices)", wisdom.path, n);
}

const char *const *lwcx_wisdom_for(const lwcx_primitive *p)
{
    pthread_once(&wisdom_once, load);
    const size_t i = primitive_index(p);
    return wisdom.used && i < MAX_PRIMITIVES ? wisdom.pick[i] : NULL;
}

size_t lwcx_wisdom_status(char *buf, size_t cap)
{
    pthread_once(&wisdom_once, load);
    const int n = snprintf(buf, buf ? cap : 0, "%s", wisdom.why);
    return n > 0 ? (size_t)n : 0;
}

/* mkdir -p of path's parent folders */
static void make_parents(const char *path)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *s = dir + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        mkdir(dir, 0700);
        *s = '/';
    }
}

int lwcx_wisdom_save(const char *path, const lwcx_wisdom_pick *picks, size_t n, char *where, size_t cap)
{
    char def[PATH_MAX], tmp[PATH_MAX + 16], key[200];
    const char *why = NULL;
    if (where && cap) where[0] = 0;
    if (n && !picks) return LWCX_ERR_NULL;
    if (!path) {
        default_path(def, sizeof def, &why);
        if (!def[0]) return LWCX_ERR_ARG;
        path = def;
    }
    const char *seen[MAX_PRIMITIVES][LWCX_CALL_KINDS] = {{0}};
    for (size_t i = 0; i < n; i++) {
        char line[MAX_LINE];
        if (!picks[i].primitive || !picks[i].kind || !picks[i].impl) return LWCX_ERR_NULL;
        snprintf(line, sizeof line, "pick %s %s %s", picks[i].primitive, picks[i].kind, picks[i].impl);
        if (parse_pick(line, seen)) return LWCX_ERR_ARG; /* what the reader would refuse */
    }
    make_parents(path);
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()) >= sizeof tmp) return LWCX_ERR_ARG;
    FILE *fp = fopen(tmp, "w");
    if (!fp) return LWCX_ERR_ARG;
    key_line(key, sizeof key);
    fprintf(fp, "# lwcx wisdom: the implementations `lwcx tune` measured fastest on this machine.\n"
                "# Used only on the machine and version below; LWCX_WISDOM=off ignores it.\n"
                "%s\n%s\n",
            WISDOM_MAGIC, key);
    for (size_t i = 0; i < n; i++) fprintf(fp, "pick %s %s %s\n", picks[i].primitive, picks[i].kind, picks[i].impl);
    const int bad = ferror(fp) | fclose(fp);
    if (bad || rename(tmp, path) != 0) {
        remove(tmp);
        return LWCX_ERR_ARG;
    }
    if (where && cap) snprintf(where, cap, "%s", path);
    return LWCX_OK;
}
