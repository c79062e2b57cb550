/*
 * driver — a main() for the libFuzzer harnesses when built without libFuzzer
 * (gcc): replays every file below the directories (or files) given, so
 * `make check` runs each harness over corpus/ and tests/regress/.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		perror(path);
		return 1;
	}
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf = malloc(cap);
	size_t r;
	while (buf && (r = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += r;
		if (n == cap) {
			uint8_t *nb = realloc(buf, cap *= 2);
			if (!nb) {
				free(buf);
				buf = NULL;
			}
			buf = nb;
		}
	}
	fclose(fp);
	if (!buf)
		return 1;
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int replay(const char *path, size_t *count)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return 0; /* a missing directory is fine */
	if (!S_ISDIR(st.st_mode)) {
		(*count)++;
		return replay_file(path);
	}
	DIR *d = opendir(path);
	if (!d)
		return 1;
	int rc = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		size_t l = strlen(path) + strlen(e->d_name) + 2;
		char *p = malloc(l);
		if (!p)
			break;
		snprintf(p, l, "%s/%s", path, e->d_name);
		rc |= replay(p, count);
		free(p);
	}
	closedir(d);
	return rc;
}

int main(int argc, char **argv)
{
	size_t count = 0;
	int rc = 0;
	for (int i = 1; i < argc; i++)
		rc |= replay(argv[i], &count);
	fprintf(stderr, "replayed %zu inputs\n", count);
	return rc;
}
