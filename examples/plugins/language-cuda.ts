// A language: CUDA C++ (`.cu`, `.cuh`) as its own language of the index, the task builder and the
// reports. CUDA is C++ with kernel qualifiers and launches, so the table is C++'s (the same
// tree-sitter grammar: `grammar.wasm` names a built-in grammar's file, or a plugin's own .wasm by
// absolute path) with its own id, extensions and the CUDA runtime's functions as its standard
// library, so `cudaMalloc` calls are `stdlib`, as `malloc` is in C. A kernel launch
// `k<<<grid, block>>>(...)` is not read as a call of `k`: the C++ grammar parses it as shifts.
// Use: ctxbench functions path/to/cuda-project --jsonl --plugin examples/plugins/language-cuda.ts
import { definePlugin, getLanguage } from 'ctxbench';

// C++'s `.h` rule (headerMarkers) stays C++'s: a CUDA header is a `.cuh` file.
const { headerMarkers: _cppHeaders, ...cpp } = getLanguage('cpp');

const CUDA_RUNTIME = [
  'cudaMalloc', 'cudaMallocManaged', 'cudaMallocHost', 'cudaFree', 'cudaFreeHost', 'cudaMemcpy', 'cudaMemcpyAsync', 'cudaMemset',
  'cudaDeviceSynchronize', 'cudaDeviceReset', 'cudaGetLastError', 'cudaGetErrorString', 'cudaSetDevice', 'cudaGetDevice',
  'cudaStreamCreate', 'cudaStreamDestroy', 'cudaStreamSynchronize', 'cudaEventCreate', 'cudaEventRecord', 'cudaEventElapsedTime',
  '__syncthreads', 'atomicAdd', 'atomicSub', 'atomicMax', 'atomicMin', 'atomicCAS', '__shfl_sync', '__ldg',
];

export default definePlugin({
  name: 'CUDA',
  languages: [
    {
      ...cpp,
      id: 'cuda',
      displayName: 'CUDA C++',
      extensions: ['.cu', '.cuh'],
      stdlib: [...cpp.stdlib, ...CUDA_RUNTIME],
      retrievalPeers: ['cpp', 'c'],
    },
  ],
});
