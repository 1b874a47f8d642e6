-- The aligned-lock bench's SQLite workload (programs.sh: sqlite_prepare puts the row count
-- for @ROWS@). Deterministic: no random(), no dates; every query prints a few lines.
CREATE TABLE t(a INTEGER PRIMARY KEY, b INTEGER, c TEXT);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @ROWS@)
INSERT INTO t SELECT i, (i * 7919) % 1000, printf('row-%08d-%s', (i * 104729) % 100000, hex(i)) FROM n;
CREATE INDEX t_b ON t(b);
CREATE INDEX t_c ON t(c);
SELECT count(*), sum(b), max(c) FROM t;
SELECT b, count(*), group_concat(a % 10, '') FROM t WHERE b < 5 GROUP BY b ORDER BY b;
SELECT count(*), sum(y.b) FROM t AS x JOIN t AS y ON x.b = y.a WHERE x.a % 4 = 0;
UPDATE t SET c = upper(c) WHERE b % 3 = 0;
SELECT count(*) FROM t WHERE c LIKE 'ROW-0%';
DELETE FROM t WHERE b > 900;
SELECT count(*), total(length(c)) FROM t;
SELECT substr(c, 5, 4) AS k, count(*) FROM t GROUP BY k ORDER BY count(*) DESC, k LIMIT 5;
SELECT a, c FROM t WHERE c > 'row-0005' ORDER BY c LIMIT 3;
