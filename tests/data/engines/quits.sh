#!/bin/sh
# A program that ends at once (tests/engine_faults.rs).
exit 1
