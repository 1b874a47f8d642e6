# Runs each gtest case of the plain-C++ layer as one lit test.
import os
import lit.formats
config.name = "hotlayout-unit"
config.test_format = lit.formats.GoogleTest(".", "Tests")
config.test_source_root = os.path.join(config.hotlayout_obj_root, "test", "unit")
config.test_exec_root = config.test_source_root
