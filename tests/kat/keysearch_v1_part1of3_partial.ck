lwcx-keysearch-record 1
cipher present80
pt 0000000000000000
ct e72c46c0f5945049
pt ffffffffffffffff
ct 3333dcd3213210d2
key-base fffffffffffffffff82f
mask 0000ffffffffffffffff
start 0
count 4096
searched 1024
done 0 1024
matches 0
checksum c55ebf618ab34a31c65ce7ff8141b86a218caa046192f000a499771d423de6bc
end
