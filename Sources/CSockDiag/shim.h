#ifndef CODEGATE_CSOCKDIAG_SHIM_H
#define CODEGATE_CSOCKDIAG_SHIM_H

/* Linux's sock_diag netlink interface (linux-libc-dev), which Swift's Glibc module leaves out:
 * the kernel looks one TCP socket up by its two ends in its hash tables and says who owns it,
 * where /proc/net/tcp lists every socket of the machine as text to be read through. */
#include <errno.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The uid of the TCP socket whose own end is local:local_port and whose peer is
 * remote:remote_port (ports in host order; addresses in network order, 4 bytes for AF_INET and
 * 16 for AF_INET6), in *uid: 0 when the kernel has that socket open, else -1 (none, or no
 * answer). A socket in TIME_WAIT is none: the kernel keeps no owner for it and says root.
 * Never waits: the kernel answers within the send. */
static inline int codegate_tcp_socket_owner(int family, const unsigned char *local, unsigned short local_port,
                                            const unsigned char *remote, unsigned short remote_port,
                                            unsigned int *uid) {
    size_t size = family == AF_INET ? 4 : family == AF_INET6 ? 16 : 0;
    if (size == 0) return -1;
    struct {
        struct nlmsghdr header;
        struct inet_diag_req_v2 request;
    } message;
    memset(&message, 0, sizeof message);
    message.header.nlmsg_len = sizeof message;
    message.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    message.header.nlmsg_flags = NLM_F_REQUEST;
    message.request.sdiag_family = (unsigned char)family;
    message.request.sdiag_protocol = IPPROTO_TCP;
    message.request.idiag_states = ~0U;
    message.request.id.idiag_sport = htons(local_port);
    message.request.id.idiag_dport = htons(remote_port);
    memcpy(message.request.id.idiag_src, local, size);
    memcpy(message.request.id.idiag_dst, remote, size);
    message.request.id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
    message.request.id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;

    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0) return -1;
    struct sockaddr_nl kernel;
    memset(&kernel, 0, sizeof kernel);
    kernel.nl_family = AF_NETLINK;
    int found = -1;
    if (sendto(fd, &message, sizeof message, 0, (struct sockaddr *)&kernel, sizeof kernel) == (ssize_t)sizeof message) {
        union {
            struct nlmsghdr header;
            char bytes[1024];
        } answer;
        ssize_t got;
        do got = recv(fd, &answer, sizeof answer, MSG_DONTWAIT);
        while (got < 0 && errno == EINTR);
        struct nlmsghdr *header = &answer.header;
        if (got > 0 && NLMSG_OK(header, (size_t)got) && header->nlmsg_type == SOCK_DIAG_BY_FAMILY &&
            header->nlmsg_len >= NLMSG_LENGTH(sizeof(struct inet_diag_msg))) {
            const struct inet_diag_msg *socket = NLMSG_DATA(header);
            enum { time_wait = 6 }; /* TCP_TIME_WAIT in the kernel's numbering */
            if (socket->idiag_state != time_wait) {
                *uid = socket->idiag_uid;
                found = 0;
            }
        }
    }
    close(fd);
    return found;
}

#endif
