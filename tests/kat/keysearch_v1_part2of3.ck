lwcx-keysearch-record 1
cipher present80
pt 0000000000000000
ct e72c46c0f5945049
pt ffffffffffffffff
ct 3333dcd3213210d2
key-base fffffffffffffffff82f
mask 0000ffffffffffffffff
start 4096
count 4096
searched 4096
done 4096 8192
matches 0
checksum aebedb7878a939047012b6da7fd67362990ada1c2bcffabece89fdf0e3a36951
end
