/* Placeholder until check/profile modes land. */
void __hotlayout_rt_placeholder(void) {}
