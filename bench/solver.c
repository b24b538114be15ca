/* The reference challenge solver for `make bench` (scripts/bench_solver.sh): OpenSSL's SHA-256
 * solving the same challenges as CodeGate's solver, on one core, for the bound on its rate.
 * A fast C solver as one would write it: the salt hashed once and its state copied for each
 * number (the midstate), the number's digits counted up in place, no allocation in the loop.
 *
 * Reads CHALLENGES, one challenge a line: the salt as written, the target digest in hex and the
 * bound on the search. Prints the p50 and max of a solve (this thread's CPU time) and the hashes
 * a second over them all; exits 1 when a challenge has no solution within its bound.
 * usage: solver CHALLENGES
 * Build: cc -O2 solver.c -o solver $(pkg-config --cflags --libs libcrypto) */

/* SHA256_Init and its kin are deprecated in OpenSSL 3 in favour of EVP, whose provider dispatch
 * costs a solve more than the hash: the low-level calls are the fast reference. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { most = 100000 };

static long long cpu_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return now.tv_sec * 1000000000LL + now.tv_nsec;
}

static int compare(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* The solution of the challenge, or -1 when no number up to `bound` solves it. */
static long solve(const char *salt, const unsigned char target[SHA256_DIGEST_LENGTH], long bound) {
    SHA256_CTX prefix, each;
    SHA256_Init(&prefix);
    SHA256_Update(&prefix, salt, strlen(salt));
    char digits[24] = "0";
    size_t count = 1;
    unsigned char digest[SHA256_DIGEST_LENGTH];
    for (long number = 0; number <= bound; number++) {
        each = prefix;
        SHA256_Update(&each, digits, count);
        SHA256_Final(digest, &each);
        if (memcmp(digest, target, sizeof digest) == 0) return number;
        /* Add one to the decimal digits; one more digit when they were all nines. */
        size_t index = count;
        while (index > 0 && digits[index - 1] == '9') digits[--index] = '0';
        if (index > 0) {
            digits[index - 1]++;
        } else {
            memmove(digits + 1, digits, count++);
            digits[0] = '1';
        }
    }
    return -1;
}

int main(int argc, char **argv) {
    FILE *file = argc == 2 ? fopen(argv[1], "r") : NULL;
    if (!file) {
        fprintf(stderr, "usage: solver CHALLENGES\n");
        return 2;
    }
    static long long times[most];
    char salt[129], hex[65];
    long bound;
    size_t solved = 0;
    long long hashes = 0, total = 0;
    while (solved < most && fscanf(file, "%128s %64s %ld", salt, hex, &bound) == 3) {
        unsigned char target[SHA256_DIGEST_LENGTH];
        for (int i = 0; i < SHA256_DIGEST_LENGTH; i++) sscanf(hex + 2 * i, "%2hhx", &target[i]);
        long long start = cpu_nanoseconds();
        long solution = solve(salt, target, bound);
        long long spent = cpu_nanoseconds() - start;
        if (solution < 0) {
            fprintf(stderr, "solver: no solution for salt %s within %ld\n", salt, bound);
            return 1;
        }
        times[solved++] = spent;
        total += spent;
        hashes += solution + 1;
    }
    fclose(file);
    if (solved == 0 || total == 0) {
        fprintf(stderr, "solver: no challenge in %s\n", argv[1]);
        return 1;
    }
    qsort(times, solved, sizeof times[0], compare);
    printf("OpenSSL reference (bench/solver.c), the same %zu challenges: p50 %lld µs, max %lld µs\n", solved,
           times[solved / 2] / 1000, times[solved - 1] / 1000);
    printf("  hashes/s on one core (its thread's CPU time): %lld\n", hashes * 1000000000LL / total);
    return 0;
}
