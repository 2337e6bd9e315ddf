--TEST--
trigger: MEMPROF_PROFILE's unprintable bytes and long items are escaped and cut
--DESCRIPTION--
MEMPROF_PROFILE with raw unprintable/non-UTF-8 bytes and long items: escaped
\xNN, cut at 40 bytes.

The --ENV-- line below carries raw bytes (0x01, 0xff, and UTF-8 0xc3 0xa9):
items are "a<01><ff>b", a 120-byte item, a 40-byte item (not cut), a 41-byte
item (cut), "caf<c3><a9>" and the valid flag "native". One warning per unknown
item, in order; the valid flag still applies.
--EXTENSIONS--
memprof
--ENV--
MEMPROF_PROFILE=aÿb,LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM,rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr,sssssssssssssssssssssssssssssssssssssssss,cafÃ©,native
--FILE--
<?php
/* Proof that the raw bytes reached the process. */
echo bin2hex(substr(getenv('MEMPROF_PROFILE'), 0, 4)), "\n";
var_dump(strlen(getenv('MEMPROF_PROFILE')));
var_dump(memprof_enabled_flags());
?>
--EXPECT--
Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "a\x01\xffb" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL..." ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "ssssssssssssssssssssssssssssssssssssssss..." ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0

Warning: PHP Request Startup: MEMPROF_PROFILE: unknown flag "caf\xc3\xa9" ignored (known flags: 1, dump_on_limit, native, sample) in Unknown on line 0
6101ff62
int(221)
array(4) {
  ["enabled"]=>
  bool(true)
  ["native"]=>
  bool(true)
  ["dump_on_limit"]=>
  bool(false)
  ["sample"]=>
  bool(false)
}
