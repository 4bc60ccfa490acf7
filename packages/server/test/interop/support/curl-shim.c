/*
 * LD_PRELOAD shim that lets Debian 12's SyncEvolution 2.0.0 (libsyncevolution0 2.0.0-3+b1) speak
 * HTTP at all.
 *
 * Its CurlTransportAgent constructor hands libcurl a null CURLOPT_WRITEFUNCTION and
 * CURLOPT_READFUNCTION (the callback address never reaches the argument register). libcurl then
 * falls back to fwrite()/fread() on the WRITEDATA/READDATA pointer, which is the C++ transport
 * object, not a FILE, and the client dies with SIGSEGV inside curl_easy_perform() before its first
 * POST.
 *
 * We wrap curl_easy_setopt: when libsyncevolution sets either callback, we pass trampolines
 * instead, which call the library's own exported member functions
 * SyncEvo::CurlTransportAgent::writeData/readData(void *buffer, size_t size) on the userdata
 * pointer (libsyncevolution sets WRITEDATA/READDATA to `this`). Every other call goes through
 * unchanged.
 *
 * Built by shim.ts: gcc -shared -fPIC -O2 -o curl-shim.so curl-shim.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

typedef void CURL;
typedef int CURLcode;
typedef CURLcode (*setopt_fn)(CURL *, int, ...);
/* A non-virtual member function called the Itanium C++ ABI way: `this` first. */
typedef size_t (*transport_io)(void *self, void *buffer, size_t size);

/* CURLOPTTYPE_FUNCTIONPOINT (20000) + 11 and + 12, from curl.h. */
enum { CURLOPT_WRITEFUNCTION_ = 20011, CURLOPT_READFUNCTION_ = 20012 };

static const char WRITE_DATA[] = "_ZN7SyncEvo18CurlTransportAgent9writeDataEPvm";
static const char READ_DATA[] = "_ZN7SyncEvo18CurlTransportAgent8readDataEPvm";

static transport_io agent_write, agent_read;

static size_t write_trampoline(char *data, size_t size, size_t count, void *agent)
{
    return agent_write(agent, data, size * count);
}

static size_t read_trampoline(char *buffer, size_t size, size_t count, void *agent)
{
    return agent_read(agent, buffer, size * count);
}

/* True when the caller's code lives in libsyncevolution: other libcurl users keep their callbacks. */
static int called_from_syncevolution(const void *return_address)
{
    Dl_info info;
    return dladdr(return_address, &info) != 0 && info.dli_fname != NULL &&
           strstr(info.dli_fname, "libsyncevolution") != NULL;
}

CURLcode curl_easy_setopt(CURL *handle, int option, ...)
{
    static setopt_fn real_setopt;
    if (real_setopt == NULL)
        real_setopt = (setopt_fn)dlsym(RTLD_NEXT, "curl_easy_setopt");

    /* Every curl_easy_setopt argument (long, pointer, function pointer, curl_off_t) is one
     * 8-byte integer-class value on the 64-bit ABIs Debian ships SyncEvolution for. */
    va_list args;
    va_start(args, option);
    void *value = va_arg(args, void *);
    va_end(args);

    if ((option == CURLOPT_WRITEFUNCTION_ || option == CURLOPT_READFUNCTION_) &&
        called_from_syncevolution(__builtin_return_address(0))) {
        if (agent_write == NULL)
            agent_write = (transport_io)dlsym(RTLD_DEFAULT, WRITE_DATA);
        if (agent_read == NULL)
            agent_read = (transport_io)dlsym(RTLD_DEFAULT, READ_DATA);
        if (agent_write != NULL && agent_read != NULL)
            value = option == CURLOPT_WRITEFUNCTION_ ? (void *)write_trampoline : (void *)read_trampoline;
    }
    return real_setopt(handle, option, value);
}
