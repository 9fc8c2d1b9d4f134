# the provider beside OpenSSL's default one
P="-provider-path ${LWCX_MODULES:-build/ossl-modules} -provider lwcx -provider default"

# 1. a certificate authority: a password-protected aimer128f key, a self-signed certificate
openssl genpkey $P -algorithm aimer128f -aes256 -pass pass:change-me -out ca.key
openssl req $P -x509 -new -key ca.key -passin pass:change-me -subj "/CN=lwcx test CA" -days 30 -out ca.crt

# 2. a leaf: an aimer192f key and a certificate request, whose self-signature is checked
openssl genpkey $P -algorithm aimer192f -out leaf.key
openssl req $P -new -key leaf.key -subj "/CN=lwcx test leaf" -out leaf.csr
openssl req $P -in leaf.csr -verify -noout

# 3. the authority signs the request
openssl x509 $P -req -in leaf.csr -CA ca.crt -CAkey ca.key -passin pass:change-me -CAcreateserial -days 30 -out leaf.crt

# 4. what is in it, and the chain verified
openssl x509 $P -in leaf.crt -noout -text > leaf.txt
openssl verify $P -CAfile ca.crt leaf.crt

# 5. a file signed with the leaf's key, verified with the public key from its certificate
echo "a message for AIMer" > message.txt
openssl pkeyutl $P -sign -rawin -inkey leaf.key -in message.txt -out message.sig
openssl x509 $P -in leaf.crt -pubkey -noout > leaf.pub
openssl pkeyutl $P -verify -rawin -pubin -inkey leaf.pub -in message.txt -sigfile message.sig
