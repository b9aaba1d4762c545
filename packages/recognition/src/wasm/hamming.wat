;; Nearest two train descriptors per query descriptor by Hamming distance: the kernel of matchDescriptors
;; (../hamming.ts, whose JS loop is the reference: same distances, same early exit, same ties).
;; Descriptors are 64 bytes (8 × i64), rows contiguous and 8-byte aligned. For query q it writes three i32
;; at outPtr + 12q: best distance, second distance (1e9 when there is none) and best train index (-1).
;; Rebuild the committed bytes (hammingWasm.ts) with `npm run build:wasm -w @hanouti/recognition`.
(module
  (memory (export "memory") 1)
  (func (export "nearestTwo")
    (param $qPtr i32) (param $nq i32) (param $tPtr i32) (param $nt i32) (param $outPtr i32)
    (local $q i32) (local $qo i32) (local $out i32)
    (local $t i32) (local $to i32) (local $d i32)
    (local $best i32) (local $second i32) (local $bestIndex i32)
    (local $a0 i64) (local $a1 i64) (local $a2 i64) (local $a3 i64)
    (local $a4 i64) (local $a5 i64) (local $a6 i64) (local $a7 i64)
    (local.set $qo (local.get $qPtr))
    (local.set $out (local.get $outPtr))
    (block $queriesDone
      (loop $nextQuery
        (br_if $queriesDone (i32.ge_u (local.get $q) (local.get $nq)))
        ;; The query row is held in locals.
        (local.set $a0 (i64.load offset=0 (local.get $qo)))
        (local.set $a1 (i64.load offset=8 (local.get $qo)))
        (local.set $a2 (i64.load offset=16 (local.get $qo)))
        (local.set $a3 (i64.load offset=24 (local.get $qo)))
        (local.set $a4 (i64.load offset=32 (local.get $qo)))
        (local.set $a5 (i64.load offset=40 (local.get $qo)))
        (local.set $a6 (i64.load offset=48 (local.get $qo)))
        (local.set $a7 (i64.load offset=56 (local.get $qo)))
        (local.set $best (i32.const 1000000000))
        (local.set $second (i32.const 1000000000))
        (local.set $bestIndex (i32.const -1))
        (local.set $t (i32.const 0))
        (local.set $to (local.get $tPtr))
        (block $trainDone
          (loop $nextTrain
            (br_if $trainDone (i32.ge_u (local.get $t) (local.get $nt)))
            (block $skip
              ;; First half (the JS loop's first 8 words): a candidate no nearer than the second is skipped,
              ;; which cannot change best or second.
              (local.set $d
                (i32.wrap_i64
                  (i64.add
                    (i64.add
                      (i64.popcnt (i64.xor (local.get $a0) (i64.load offset=0 (local.get $to))))
                      (i64.popcnt (i64.xor (local.get $a1) (i64.load offset=8 (local.get $to)))))
                    (i64.add
                      (i64.popcnt (i64.xor (local.get $a2) (i64.load offset=16 (local.get $to))))
                      (i64.popcnt (i64.xor (local.get $a3) (i64.load offset=24 (local.get $to))))))))
              (br_if $skip (i32.ge_u (local.get $d) (local.get $second)))
              (local.set $d
                (i32.add
                  (local.get $d)
                  (i32.wrap_i64
                    (i64.add
                      (i64.add
                        (i64.popcnt (i64.xor (local.get $a4) (i64.load offset=32 (local.get $to))))
                        (i64.popcnt (i64.xor (local.get $a5) (i64.load offset=40 (local.get $to)))))
                      (i64.add
                        (i64.popcnt (i64.xor (local.get $a6) (i64.load offset=48 (local.get $to))))
                        (i64.popcnt (i64.xor (local.get $a7) (i64.load offset=56 (local.get $to)))))))))
              ;; Strict comparisons: on equal distances the first train index stays the best.
              (if (i32.lt_u (local.get $d) (local.get $best))
                (then
                  (local.set $second (local.get $best))
                  (local.set $best (local.get $d))
                  (local.set $bestIndex (local.get $t)))
                (else
                  (if (i32.lt_u (local.get $d) (local.get $second))
                    (then (local.set $second (local.get $d)))))))
            (local.set $t (i32.add (local.get $t) (i32.const 1)))
            (local.set $to (i32.add (local.get $to) (i32.const 64)))
            (br $nextTrain)))
        (i32.store offset=0 (local.get $out) (local.get $best))
        (i32.store offset=4 (local.get $out) (local.get $second))
        (i32.store offset=8 (local.get $out) (local.get $bestIndex))
        (local.set $out (i32.add (local.get $out) (i32.const 12)))
        (local.set $qo (i32.add (local.get $qo) (i32.const 64)))
        (local.set $q (i32.add (local.get $q) (i32.const 1)))
        (br $nextQuery)))))
