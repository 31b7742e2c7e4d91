// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice SCAM, two steps with a role no constant names: the issuer role is a hash computed at run
/// time from a stored name, so the runtime code carries no PUSH32 of it. The owner cannot mint, but
/// it can `enroll(role, who)` any role, and the issuer can mint. The role was granted once at
/// deployment (to a treasury), and that grant is in the token's RoleGranted log.
contract LoggedRoleMint is AdvBase {
    event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender);

    string internal _issuerName;
    mapping(bytes32 => mapping(address => bool)) internal _has;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _issuerName = "FLAB_ADV_LOGGED_ISSUER_2c9e";
        _grant(keccak256(bytes(_issuerName)), address(0x7EA5Ce1000000000000000000000000000000001));
    }

    function enroll(bytes32 role, address who) external onlyOwner {
        _grant(role, who);
    }

    function issue(address to, uint256 amount) external {
        require(_has[keccak256(bytes(_issuerName))][msg.sender], "no role");
        _mint(to, amount);
    }

    function _grant(bytes32 role, address who) internal {
        _has[role][who] = true;
        emit RoleGranted(role, who, msg.sender);
    }
}

/// @notice CLEAN look-alike: the same logged, run-time role, but it only lets its holder write a note.
contract CleanLoggedRole is AdvBase {
    event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender);

    string internal _scribeName;
    mapping(bytes32 => mapping(address => bool)) internal _has;
    uint256 public note;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _scribeName = "FLAB_ADV_LOGGED_SCRIBE_2c9e";
        _grant(keccak256(bytes(_scribeName)), address(0x7EA5Ce1000000000000000000000000000000001));
    }

    function enroll(bytes32 role, address who) external onlyOwner {
        _grant(role, who);
    }

    function scribble(uint256 v) external {
        require(_has[keccak256(bytes(_scribeName))][msg.sender], "no role");
        note = v;
    }

    function _grant(bytes32 role, address who) internal {
        _has[role][who] = true;
        emit RoleGranted(role, who, msg.sender);
    }
}
