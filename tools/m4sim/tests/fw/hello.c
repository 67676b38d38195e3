#include "rt.h"
static volatile uint32_t sink;
int main(int argc, char **argv)
{
    sh_write0("hello from m4\n");
    for (int i = 0; i < argc; i++) { sh_write0("arg: "); sh_write0(argv[i] + (i == 0 ? 0 : 0)); sh_write0("\n"); }
    m4sim_region_begin("loop");
    uint32_t acc = 0;
    for (uint32_t i = 0; i < 1000; i++) acc += i * 3;
    sink = acc;
    m4sim_region_end();
    m4sim_region_begin("stack");
    volatile uint8_t buf[200];
    for (int i = 0; i < 200; i++) buf[i] = (uint8_t)i;
    sink = buf[7];
    m4sim_region_end();
    return 3;
}
