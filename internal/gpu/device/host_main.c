// host_main.c: runs count.cu's kernel on the host, for the tests of
// internal/gpu (gpu_host_test.go builds it with cc):
//
//	host_main IN OUT BATCH [stop | stop-after=MS]
//
// IN holds a header of three little-endian 32-bit words (nunits,
// ntasks, 0), then nunits nq_unit and ntasks nq_task records (the
// layouts of count.cu). The program launches the kernel over the tasks
// in batches of BATCH (the counter reset before each, as the Go driver
// does), each launch as NBLOCKS blocks of NQ_BLOCK POSIX threads, and
// writes ntasks nq_result records to OUT. With "stop", the kernel's stop
// flag is set before each launch: no task is counted, every result is
// left 0. With "stop-after=MS", another thread sets it MS milliseconds
// into each launch: the tasks in hand then are abandoned (left 0), as
// on the device. Errors: one line on stderr,
// exit 1.
#define NQ_HOST 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "count.cu"

#define NBLOCKS 2

__thread struct nq_dim3 nq_thread_idx, nq_block_idx;

struct launch {
	const nq_unit *units;
	const nq_task *tasks;
	nq_result *results;
	nq_u32 begin, end, *next;
	const nq_u32 *stop;
	nq_u32 block, thread;
};

static void *run_thread(void *p)
{
	struct launch *a = p;
	nq_block_idx.x = a->block;
	nq_thread_idx.x = a->thread;
	nq_count(a->units, a->tasks, a->results, a->begin, a->end, a->next, a->stop);
	return NULL;
}

struct stopper {
	nq_u32 *stop;
	long ms;
};

// stop_later sets *stop after ms milliseconds.
static void *stop_later(void *p)
{
	struct stopper *s = p;
	struct timespec ts = {s->ms / 1000, (s->ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
	__atomic_store_n(s->stop, 1u, __ATOMIC_RELAXED);
	return NULL;
}

static void *read_all(FILE *f, size_t n, const char *what)
{
	void *p = malloc(n ? n : 1);
	if (p == NULL || fread(p, 1, n, f) != n) {
		fprintf(stderr, "host_main: cannot read %s (%zu bytes)\n", what, n);
		exit(1);
	}
	return p;
}

int main(int argc, char **argv)
{
	long stop_ms = -1; // "stop": 0, set before the launch
	if (argc == 5 && strcmp(argv[4], "stop") == 0)
		stop_ms = 0;
	else if (argc == 5 && strncmp(argv[4], "stop-after=", 11) == 0)
		stop_ms = atol(argv[4] + 11);
	if (argc != 4 && !(argc == 5 && stop_ms >= 0)) {
		fprintf(stderr, "usage: host_main IN OUT BATCH [stop | stop-after=MS]\n");
		return 1;
	}
	if (sizeof(nq_unit) != 192 || sizeof(nq_task) != 24 || sizeof(nq_result) != 16) {
		fprintf(stderr, "host_main: layout: unit %zu, task %zu, result %zu bytes; want 192, 24, 16\n",
		        sizeof(nq_unit), sizeof(nq_task), sizeof(nq_result));
		return 1;
	}
	FILE *in = fopen(argv[1], "rb");
	if (in == NULL) {
		fprintf(stderr, "host_main: cannot open %s\n", argv[1]);
		return 1;
	}
	nq_u32 *hdr = read_all(in, 12, "the header");
	nq_u32 nunits = hdr[0], ntasks = hdr[1];
	long batch = atol(argv[3]);
	if (nunits > (1u << 24) || ntasks > (1u << 28) || batch <= 0) {
		fprintf(stderr, "host_main: %u units, %u tasks, batch %ld: out of range\n", nunits, ntasks, batch);
		return 1;
	}
	nq_unit *units = read_all(in, (size_t)nunits * sizeof(nq_unit), "the units");
	nq_task *tasks = read_all(in, (size_t)ntasks * sizeof(nq_task), "the tasks");
	fclose(in);
	nq_result *results = calloc(ntasks ? ntasks : 1, sizeof(nq_result));
	struct launch la[NQ_BLOCK];
	pthread_t th[NQ_BLOCK];
	for (nq_u32 begin = 0; begin < ntasks; begin += (nq_u32)batch) {
		nq_u32 end = begin + (nq_u32)batch;
		if (end > ntasks || end < begin)
			end = ntasks;
		nq_u32 next = 0, stop = stop_ms == 0;
		struct stopper sp = {&stop, stop_ms};
		pthread_t stopper;
		if (stop_ms > 0 && pthread_create(&stopper, NULL, stop_later, &sp) != 0) {
			fprintf(stderr, "host_main: pthread_create failed\n");
			return 1;
		}
		for (nq_u32 b = 0; b < NBLOCKS; b++) {
			for (nq_u32 t = 0; t < NQ_BLOCK; t++) {
				la[t] = (struct launch){units, tasks, results, begin, end, &next, &stop, b, t};
				if (pthread_create(&th[t], NULL, run_thread, &la[t]) != 0) {
					fprintf(stderr, "host_main: pthread_create failed\n");
					return 1;
				}
			}
			for (nq_u32 t = 0; t < NQ_BLOCK; t++)
				pthread_join(th[t], NULL);
		}
		if (stop_ms > 0)
			pthread_join(stopper, NULL);
	}
	FILE *out = fopen(argv[2], "wb");
	if (out == NULL || fwrite(results, sizeof(nq_result), ntasks, out) != ntasks || fclose(out) != 0) {
		fprintf(stderr, "host_main: cannot write %s\n", argv[2]);
		return 1;
	}
	return 0;
}
