/* smpi-halo: a 1-D halo-exchange iteration (a stencil code's communication skeleton),
 * run under SimGrid's SMPI so that SimGrid writes a Paje trace of it (the Paje sample in
 * sample_traces/; see docs/sample-traces.md). Not built by CMake: scripts/samples/make-sample-traces.sh
 * compiles it with smpicc (Debian package libsimgrid-dev) and runs it with smpirun.
 *
 * Each of the ranks, arranged in a ring, repeats ITERATIONS times: compute (simulated
 * flops: smpi_execute_flops, so the run is deterministic), exchange HALO doubles with both
 * neighbours (MPI_Irecv, MPI_Isend, MPI_Waitall), and every fourth iteration agree on a
 * residual (MPI_Allreduce). The work per iteration varies by a seeded pseudo-random 0-50%,
 * and rank 0 does three times its work in iterations 6 and 7 of every 8, so its neighbours
 * wait for it in MPI_Waitall and everyone in MPI_Allreduce. */
#include <mpi.h>

enum { HALO = 8192, ITERATIONS = 80 };

static double left_out[HALO], right_out[HALO], left_in[HALO], right_in[HALO];

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int left = (rank + size - 1) % size, right = (rank + 1) % size;
    unsigned seed = 12345u + 977u * (unsigned)rank;
    double residual = 1.0;
    for (int it = 0; it < ITERATIONS; ++it) {
        seed = seed * 1103515245u + 12345u;
        double flops = 2e6 * (1.0 + 0.5 * (double)((seed >> 16) % 100) / 100.0);
        if (rank == 0 && it % 8 >= 6)
            flops *= 3;
        smpi_execute_flops(flops);

        MPI_Request requests[4];
        MPI_Irecv(left_in, HALO, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &requests[0]);
        MPI_Irecv(right_in, HALO, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &requests[1]);
        MPI_Isend(right_out, HALO, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &requests[2]);
        MPI_Isend(left_out, HALO, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &requests[3]);
        MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);

        if (it % 4 == 3) {
            double local = residual / (it + 1), global;
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            residual = global;
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
